// Keeps showing the last non-null value, so a dialog keeps its content while its close animation runs.
import { useState } from 'react';

export function useLast<T>(value: T | null): T | null {
  const [last, setLast] = useState(value);
  if (value !== null && value !== last) setLast(value);
  return value ?? last;
}
