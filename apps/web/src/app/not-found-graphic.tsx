// Class names are prefixed because a <style> inside inline SVG applies to the whole document.
const animationCss = `
@keyframes not-found-float {
  0%, 100% { transform: translateY(0); }
  50% { transform: translateY(-10px); }
}
@keyframes not-found-shadow {
  0%, 100% { transform: scaleX(1); opacity: 0.18; }
  50% { transform: scaleX(0.86); opacity: 0.1; }
}
@keyframes not-found-blink {
  0%, 49% { opacity: 1; }
  50%, 100% { opacity: 0; }
}
@keyframes not-found-drift {
  0%, 100% { transform: translateY(0) rotate(-8deg); }
  50% { transform: translateY(-8px) rotate(6deg); }
}
.not-found-float { animation: not-found-float 4s ease-in-out infinite; }
.not-found-shadow {
  opacity: 0.18;
  transform-box: fill-box;
  transform-origin: center;
  animation: not-found-shadow 4s ease-in-out infinite;
}
.not-found-cursor { animation: not-found-blink 1.1s steps(1, end) infinite; }
.not-found-drift {
  transform-box: fill-box;
  transform-origin: center;
  animation: not-found-drift 5s ease-in-out infinite;
}
.not-found-drift-late { animation-delay: -2.5s; }
@media (prefers-reduced-motion: reduce) {
  .not-found-float,
  .not-found-shadow,
  .not-found-cursor,
  .not-found-drift { animation: none; }
}
`;

export function NotFoundGraphic() {
  return (
    <svg
      viewBox="0 0 420 300"
      role="img"
      aria-label="404: page not found"
      className="mx-auto h-auto w-full max-w-[420px]"
    >
      <style>{animationCss}</style>

      <circle cx="210" cy="150" r="132" className="fill-primary/10" />

      <ellipse cx="210" cy="284" rx="136" ry="8" className="not-found-shadow fill-neutral" />

      <g className="not-found-drift">
        <circle cx="44" cy="118" r="20" className="fill-base-100 stroke-base-300" strokeWidth="2" />
        <text
          x="44"
          y="126"
          textAnchor="middle"
          fontSize="22"
          fontWeight="700"
          className="fill-primary"
        >
          ?
        </text>
      </g>
      <g className="not-found-drift not-found-drift-late">
        <circle cx="378" cy="62" r="15" className="fill-base-100 stroke-base-300" strokeWidth="2" />
        <text
          x="378"
          y="68"
          textAnchor="middle"
          fontSize="17"
          fontWeight="700"
          className="fill-neutral/60"
        >
          ?
        </text>
      </g>

      <g className="not-found-float">
        <rect x="72" y="52" width="276" height="184" rx="14" className="fill-neutral" />
        <rect x="86" y="66" width="248" height="156" rx="6" fill="#0f172a" />
        <circle cx="102" cy="81" r="4" className="fill-error" />
        <circle cx="116" cy="81" r="4" className="fill-warning" />
        <circle cx="130" cy="81" r="4" className="fill-success" />
        <rect x="146" y="77" width="172" height="8" rx="4" fill="#1e293b" />

        <text
          x="197"
          y="168"
          textAnchor="middle"
          textLength="150"
          lengthAdjust="spacingAndGlyphs"
          fontSize="70"
          fontWeight="800"
          className="fill-primary"
        >
          404
        </text>
        <rect
          x="284"
          y="118"
          width="9"
          height="54"
          rx="2"
          fill="#f8fafc"
          className="not-found-cursor"
        />
        <rect x="136" y="190" width="96" height="7" rx="3.5" fill="#334155" />
        <rect x="240" y="190" width="44" height="7" rx="3.5" fill="#334155" />

        <path
          d="M52 236 H368 L392 252 Q396 258 388 258 H32 Q24 258 28 252 Z"
          className="fill-secondary"
        />
        <path d="M180 236 H240 Q238 243 230 243 H190 Q182 243 180 236 Z" fill="#0f172a" />
      </g>
    </svg>
  );
}
