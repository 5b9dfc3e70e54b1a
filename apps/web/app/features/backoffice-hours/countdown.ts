/** Milliseconds left → '29:07' under an hour, '2 h 05' beyond. */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  if (seconds >= 3600) return `${Math.floor(seconds / 3600)} h ${pad(Math.floor((seconds % 3600) / 60))}`;
  return `${pad(Math.floor(seconds / 60))}:${pad(seconds % 60)}`;
}
