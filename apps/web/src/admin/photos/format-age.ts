/** How long a photo has waited, in the largest whole unit (minutes, hours, days), for the queue's texts. */
export function ageParts(seconds: number): { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (seconds < 3600) return { unit: 'minutes', count: Math.floor(seconds / 60) };
  if (seconds < 86_400) return { unit: 'hours', count: Math.floor(seconds / 3600) };
  return { unit: 'days', count: Math.floor(seconds / 86_400) };
}
