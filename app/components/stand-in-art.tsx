/**
 * A deterministic abstract composition drawn in SVG, used where a real image has not been
 * wired in yet. The same seed always draws the same picture.
 */
export function StandInArt({ seed, label, className }: { seed: string; label: string; className?: string }) {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const rand = () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) >>> 0;
    h = Math.imul(h ^ (h >>> 13), 3266489909) >>> 0;
    h = (h ^ (h >>> 16)) >>> 0;
    return h / 4294967296;
  };
  const hue = Math.floor(rand() * 360);
  const id = `g${seed.replace(/[^a-z0-9]/gi, "")}`;
  const rings = Array.from({ length: 7 }, (_, i) => ({
    cx: 200 + (rand() - 0.5) * 260,
    cy: 140 + (rand() - 0.5) * 180,
    r: 30 + rand() * 110,
    hue: (hue + i * 37) % 360,
  }));
  return (
    <svg viewBox="0 0 400 280" className={className} role="img" aria-label={label} preserveAspectRatio="xMidYMid slice">
      <defs>
        <radialGradient id={id} cx="50%" cy="45%" r="75%">
          <stop offset="0" stopColor={`hsl(${hue} 45% 22%)`} />
          <stop offset="1" stopColor="hsl(30 10% 5%)" />
        </radialGradient>
      </defs>
      <rect width="400" height="280" fill={`url(#${id})`} />
      {rings.map((ring) => (
        <circle
          key={`${ring.cx}-${ring.cy}`}
          cx={ring.cx}
          cy={ring.cy}
          r={ring.r}
          fill="none"
          stroke={`hsl(${ring.hue} 70% 62% / 0.55)`}
          strokeWidth={1 + (ring.r % 5)}
          strokeDasharray={`${2 + (ring.r % 9)} ${3 + (ring.r % 7)}`}
        />
      ))}
    </svg>
  );
}
