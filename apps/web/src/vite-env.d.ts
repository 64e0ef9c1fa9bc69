// Build-time settings read through import.meta.env (set them in the environment of `vite build`).
interface ImportMetaEnv {
  /** Address of the separate AI tutor site linked from /ai-tutor. */
  readonly VITE_AI_TUTOR_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
