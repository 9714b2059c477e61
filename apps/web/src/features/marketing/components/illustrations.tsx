// Our own drawings, inline: no image or font is fetched from anyone else at run time (issue #10).
const decorative = { 'aria-hidden': true, focusable: false } as const;

/** A child reading an open book under a rising sun. */
export function ReaderIllustration({ className }: { className?: string }) {
  return (
    <svg {...decorative} className={className} viewBox="0 0 240 180" width="240" height="180">
      <circle cx="185" cy="48" r="28" fill="#fbbf24" />
      <g stroke="#f59e0b" strokeWidth="4" strokeLinecap="round">
        <path d="M185 8v8M225 48h-8M213 20l-6 6M157 20l6 6" />
      </g>
      <path d="M0 150c40-22 90-26 130-14s80 12 110-4v48H0z" fill="#dbeafe" />
      <circle cx="96" cy="66" r="20" fill="#92400e" />
      <path d="M76 64c2-16 38-18 40 0-8-6-30-8-40 0z" fill="#1f2937" />
      <path d="M66 140c0-30 14-48 30-48s30 18 30 48z" fill="#1d4ed8" />
      <path d="M52 118l44 12 44-12v30l-44 10-44-10z" fill="#ffffff" stroke="#1e3a8a" strokeWidth="3" />
      <path d="M96 130v28" stroke="#1e3a8a" strokeWidth="3" />
      <path d="M62 128l24 6M62 136l24 6M106 134l24-6M106 142l24-6" stroke="#93c5fd" strokeWidth="2" />
    </svg>
  );
}

/** A kite flying among stars: learning without limits. */
export function KiteIllustration({ className }: { className?: string }) {
  return (
    <svg {...decorative} className={className} viewBox="0 0 200 160" width="200" height="160">
      <g fill="#fde68a">
        <path d="M30 30l3 7 7 1-5 5 1 7-6-3-6 3 1-7-5-5 7-1z" />
        <path d="M160 120l2 5 5 1-4 3 1 5-4-2-4 2 1-5-4-3 5-1z" />
        <circle cx="60" cy="120" r="3" />
        <circle cx="175" cy="30" r="3" />
      </g>
      <path d="M120 14l36 40-36 44-36-44z" fill="#fbbf24" stroke="#fff" strokeWidth="3" />
      <path d="M120 14v84M84 54h72" stroke="#fff" strokeWidth="2" />
      <path
        d="M120 98c-6 14 10 18 2 30s-22 8-28 22"
        fill="none"
        stroke="#fff"
        strokeWidth="2"
        strokeDasharray="4 4"
      />
      <path d="M116 112l-8 4 8 4zM112 132l-8 2 6 6z" fill="#f472b6" />
    </svg>
  );
}

/** Three stacked blocks with a sprout: strong foundations. */
export function FoundationIllustration({ className }: { className?: string }) {
  return (
    <svg {...decorative} className={className} viewBox="0 0 160 140" width="160" height="140">
      <rect x="20" y="96" width="120" height="32" rx="6" fill="#1e3a8a" />
      <rect x="36" y="64" width="88" height="32" rx="6" fill="#1d4ed8" />
      <rect x="52" y="32" width="56" height="32" rx="6" fill="#60a5fa" />
      <text x="80" y="120" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff">
        A B C
      </text>
      <text x="80" y="86" textAnchor="middle" fontSize="18" fontWeight="700" fill="#fff">
        1 2 3
      </text>
      <path
        d="M80 32c0-12 0-18-8-24M80 24c4-10 12-12 18-12-2 8-8 12-18 12z"
        fill="#22c55e"
        stroke="#166534"
        strokeWidth="2"
      />
    </svg>
  );
}
