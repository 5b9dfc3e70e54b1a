/**
 * A form's message: the server's French message (spec section 8: stored and shown as it comes),
 * announced as an alert, or a success note announced as a status. Nothing when `message` is null.
 */
export function FormAlert({ message, tone = 'error' }: { message: string | null; tone?: 'error' | 'success' }) {
  if (!message) return null;
  return (
    <p
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl px-3 py-2.5 text-sm font-medium ${tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-emerald-50 text-emerald-800'}`}
    >
      {message}
    </p>
  );
}
