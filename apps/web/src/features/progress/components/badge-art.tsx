import type { BadgeId } from '@vidya/contracts';

const ART: Record<BadgeId, { fill: string; ring: string; glyph: string }> = {
  bronze: { fill: '#b45309', ring: '#fcd34d', glyph: '3' },
  silver: { fill: '#64748b', ring: '#e2e8f0', glyph: '10' },
  gold: { fill: '#ca8a04', ring: '#fef08a', glyph: '25' },
  'english-star': { fill: '#be123c', ring: '#fecdd3', glyph: '★' },
  'math-whizz': { fill: '#1d4ed8', ring: '#bfdbfe', glyph: '∑' },
  'science-whizz': { fill: '#15803d', ring: '#bbf7d0', glyph: '⚗' },
  'literature-lover': { fill: '#7e22ce', ring: '#e9d5ff', glyph: 'Aa' },
  'daily-learner': { fill: '#0e7490', ring: '#a5f3fc', glyph: '7' },
  champion: { fill: '#1e3a8a', ring: '#fbbf24', glyph: '♛' },
};

/** Our own badge medallion (no image is fetched). */
export function BadgeArt({ id, earned }: { id: BadgeId; earned: boolean }) {
  const art = ART[id];
  return (
    <svg
      viewBox="0 0 100 100"
      width="96"
      height="96"
      aria-hidden="true"
      className={earned ? '' : 'badge-locked'}
    >
      <path d="M30 62 L22 96 L40 86 L50 98 L50 70 Z" fill={art.ring} />
      <path d="M70 62 L78 96 L60 86 L50 98 L50 70 Z" fill={art.ring} />
      <circle cx="50" cy="42" r="36" fill={art.ring} />
      <circle cx="50" cy="42" r="29" fill={art.fill} />
      <text
        x="50"
        y="52"
        textAnchor="middle"
        fontSize="26"
        fontWeight="700"
        fill="#fff"
        fontFamily="system-ui, sans-serif"
      >
        {art.glyph}
      </text>
    </svg>
  );
}
