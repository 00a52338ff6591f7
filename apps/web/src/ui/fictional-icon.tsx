/**
 * The fictional-profile mark's icon: a theatre mask drawn here, shipped with the app. The site's
 * fictional_icon setting is an emoji (🎭) that shows as an empty box where no emoji font is
 * installed (issue 29), so the app draws its own. Always beside its text, so it is hidden from
 * screen readers; it takes the text's colour and size.
 */
export function FictionalIcon({ className = '' }: { className?: string }) {
  return (
    <svg
      className={`fictional-icon ${className}`.trim()}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      aria-hidden="true"
      focusable="false"
      fill="currentColor"
      data-testid="fictional-icon"
    >
      {/* A mask with two eye holes and a smile, one path (even-odd cuts the holes). */}
      <path
        fillRule="evenodd"
        d="M3 4.5C3 3.7 3.8 3.1 4.6 3.4c4.8 1.6 10 1.6 14.8 0 .8-.3 1.6.3 1.6 1.1V11c0 5.2-3.9 9.5-9 9.5S3 16.2 3 11V4.5Zm4.2 4.3c.6-.8 2.6-.8 3.2 0-.4 1.3-2.8 1.3-3.2 0Zm6.4 0c.6-.8 2.6-.8 3.2 0-.4 1.3-2.8 1.3-3.2 0ZM8 13.5c1.9 2.4 6.1 2.4 8 0-.2 2.4-2 3.9-4 3.9s-3.8-1.5-4-3.9Z"
      />
    </svg>
  );
}
