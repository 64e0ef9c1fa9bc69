// The one rule for text people type into Reshelf (docs/decisions/0011-text-normalisation.md): every
// request schema applies it to its free-text fields, and the server applies `toOneLine` where stored
// text goes out on one line (mail subjects), so text stored before the rule existed is made safe too.
//
// What it guards against: characters that show as nothing or reorder the text around them, so what a
// reader sees is not what was stored (a name that reads "Thandi" but is "Tha\u200Bndi", a meetup place
// turned around by U+202E), and line breaks where a value becomes one line of a mail header.

/**
 * One line shown as a label, heading or mail subject (names, meetup place, book title): hidden
 * characters and line breaks are refused. Several lines of prose (messages, descriptions, reasons,
 * reviews): hidden characters are removed, line breaks and tabs kept.
 */
type TextKind = 'line' | 'prose';

// Candidates: C0 and C1 controls, unpaired surrogates (not text at all), and Unicode's
// Default_Ignorable_Code_Point, the characters a renderer draws as nothing: bidirectional controls
// (U+061C, U+200E/F, U+202A-E, U+2066-9), zero-width space and joiners, word joiner, BOM, soft hyphen,
// invisible operators, Hangul fillers, variation selectors and tags. A property rather than a list so
// characters Unicode adds to it later are covered. The first alternative keeps a whole emoji tag
// sequence (the flags of Scotland, Wales, England) together so its tags are judged as one.
const CANDIDATES = /\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}|[\p{Cc}\p{Cs}\p{Default_Ignorable_Code_Point}]/gu;

const ZWNJ = '\u200C';
const ZWJ = '\u200D';
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\u180B-\u180D\u180F]$/u;
// Joiners change how letters connect in Arabic-script and Indic names and words (the ZWNJ in Persian
// "mi\u200Ckhaham", Hindi conjuncts). In Latin, Greek and Cyrillic, the alphabets most names here are
// in, they change nothing and only hide, so there, and next to digits, punctuation or spaces, they go.
const JOINABLE_LETTER = /^(?![\p{scx=Latn}\p{scx=Grek}\p{scx=Cyrl}\p{scx=Zyyy}\p{scx=Zinh}])[\p{L}\p{M}]$/u;
// An emoji ZWJ sequence (woman \u200D laptop, white flag \uFE0F \u200D rainbow, man with a skin tone
// \u200D wrench): a pictograph, maybe a skin tone or VS16, then ZWJ, then a pictograph.
const EMOJI_BEFORE_ZWJ = /^[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]$/u;
const EMOJI_AFTER_ZWJ = /^\p{Extended_Pictographic}$/u;
const NOT_A_BASE = /^[\s\p{Cc}\p{Cs}\p{Default_Ignorable_Code_Point}]$/u;

const LINE_BREAKS = /\r\n?|[\u0085\u2028\u2029]/g;

function codePointBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  const high = text.charCodeAt(index - 2);
  const pair = low >= 0xdc00 && low <= 0xdfff && high >= 0xd800 && high <= 0xdbff;
  return text.slice(Math.max(0, index - (pair ? 2 : 1)), index);
}

function codePointAt(text: string, index: number): string {
  const point = text.codePointAt(index);
  return point === undefined ? '' : String.fromCodePoint(point);
}

/** Whether a candidate character at `offset` has a visible job where it stands. */
function keeps(char: string, text: string, offset: number, kind: TextKind): boolean {
  if (kind === 'prose' && (char === '\n' || char === '\t')) return true;
  if (char.startsWith('\u{1F3F4}')) return true;
  const before = codePointBefore(text, offset);
  const after = codePointAt(text, offset + char.length);
  if (char === ZWNJ || char === ZWJ) {
    if (JOINABLE_LETTER.test(before) && JOINABLE_LETTER.test(after)) return true;
    return char === ZWJ && EMOJI_BEFORE_ZWJ.test(before) && EMOJI_AFTER_ZWJ.test(after);
  }
  // A selector picks the look of the character before it (❤️, CJK variants); a run of them, or one with
  // nothing to select, carries hidden data instead.
  if (VARIATION_SELECTOR.test(char)) return before !== '' && !NOT_A_BASE.test(before);
  return false;
}

function sweep(text: string, kind: TextKind): { kept: string; hidden: string | undefined } {
  let hidden: string | undefined;
  const kept = text.replace(CANDIDATES, (char: string, offset: number) => {
    if (keeps(char, text, offset, kind)) return char;
    hidden ??= char;
    return '';
  });
  return { kept, hidden };
}

/**
 * NFC (so "e\u0301" and "é" are one spelling, for comparing, searching and counting length), and every
 * line break (CR LF, CR, NEL, U+2028/9) as "\n".
 */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(LINE_BREAKS, '\n');
}

/** Prose as stored: normalised, hidden characters removed, line breaks and tabs kept. */
export function cleanLines(text: string): string {
  return sweep(normaliseText(text), 'prose').kept;
}

/** Why `text` cannot be a one-line field's value, or undefined when it can. */
export function lineProblem(text: string): 'lineBreak' | 'hidden' | undefined {
  const normal = normaliseText(text);
  if (normal.includes('\n')) return 'lineBreak';
  return sweep(normal, 'line').hidden === undefined ? undefined : 'hidden';
}

/**
 * Any text, stored whenever, made safe for one line (a mail subject or heading): normalised, line breaks,
 * tabs and other controls as spaces, hidden characters removed, runs of spaces as one, trimmed.
 */
export function toOneLine(text: string): string {
  const spaced = normaliseText(text).replace(/\p{Cc}/gu, ' ');
  return sweep(spaced, 'line').kept.replace(/\s+/g, ' ').trim();
}
