const TIME_ZONE = process.env.TZ_DISPLAY ?? 'Asia/Shanghai';
// The Swedish locale writes dates as YYYY-MM-DD HH:mm:ss, the spec's format.
const formatter = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** YYYY-MM-DD HH:mm:ss in China time (override with TZ_DISPLAY). */
export function formatDate(date: Date): string;
export function formatDate(date: Date | null): string | null;
export function formatDate(date: Date | null): string | null {
  return date ? formatter.format(date) : null;
}

/** HH:mm:ss, hours growing past 24 when a task runs that long. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
}
