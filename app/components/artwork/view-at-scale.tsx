import type { PrintedSize } from "#app/catalogue/work-label.ts";
import { Picture } from "#app/components/picture.tsx";
import styles from "./view-at-scale.module.css";
import { WORK_PICTURE_SIZES } from "./work-picture-sizes.ts";

/** The figure beside the work, in centimetres. */
export const FIGURE_HEIGHT_CM = 170;

// The scene in centimetres (one SVG user unit = 1 cm): a wall, a floor, the figure on the left
// and the work hung with its centre 150 cm above the floor, as galleries hang.
const SCENE = { width: 390, height: 250, floorY: 240 };
const FIGURE = { x: 30, width: 50 };
const WORK_LEFT = 130;
const HANG_CENTRE_CM = 150;

interface ViewAtScaleProps {
  image: string;
  size: PrintedSize;
  caption: string;
}

/**
 * The work drawn to scale on a wall beside a 170 cm figure, as plain HTML and SVG: the work's
 * image is positioned over the drawing by percentages of the same centimetre scene, so its
 * proportions and the figure's are exact at any width (docs/decisions/022).
 */
export function ViewAtScale({ image, size, caption }: ViewAtScaleProps) {
  // A work wider than the standard print would leave the scene: keep the scene, scale the work.
  const fit = Math.min(1, (SCENE.width - WORK_LEFT - 50) / size.widthCm, 200 / size.heightCm);
  const work = { width: size.widthCm * fit, height: size.heightCm * fit };
  const workTop = Math.max(10, SCENE.floorY - HANG_CENTRE_CM - work.height / 2);
  const workRight = WORK_LEFT + work.width;
  const workBottom = workTop + work.height;
  const figureTop = SCENE.floorY - FIGURE_HEIGHT_CM * fit;
  const pct = (value: number, of: number) => `${(value / of) * 100}%`;
  return (
    <figure className={styles.figure}>
      <div className={styles.scene} style={{ aspectRatio: `${SCENE.width} / ${SCENE.height}` }}>
        <svg
          className={styles.drawing}
          viewBox={`0 0 ${SCENE.width} ${SCENE.height}`}
          role="img"
          aria-label={`The work, ${size.widthCm} by ${size.heightCm} cm, on a wall beside a figure ${FIGURE_HEIGHT_CM} cm tall`}
        >
          <rect
            className={styles.floor}
            x="0"
            y={SCENE.floorY}
            width={SCENE.width}
            height={SCENE.height - SCENE.floorY}
          />
          <line className={styles.floorLine} x1="0" x2={SCENE.width} y1={SCENE.floorY} y2={SCENE.floorY} />
          <g data-scale="figure" className={styles.person}>
            <Silhouette x={FIGURE.x} top={figureTop} bottom={SCENE.floorY} width={FIGURE.width * fit} />
          </g>
          <text className={styles.mark} x={FIGURE.x + (FIGURE.width * fit) / 2} y={figureTop - 6} textAnchor="middle">
            {`${FIGURE_HEIGHT_CM} cm`}
          </text>
          <g className={styles.dimension}>
            <path
              d={`M${WORK_LEFT} ${workBottom + 8}h${work.width}M${WORK_LEFT} ${workBottom + 4}v8M${workRight} ${workBottom + 4}v8`}
            />
            <path
              d={`M${workRight + 8} ${workTop}v${work.height}M${workRight + 4} ${workTop}h8M${workRight + 4} ${workBottom}h8`}
            />
          </g>
          <text className={styles.mark} x={WORK_LEFT + work.width / 2} y={workBottom + 24} textAnchor="middle">
            {`${size.widthCm} cm`}
          </text>
          <text className={styles.mark} x={workRight + 14} y={workTop + work.height / 2 + 4}>
            {`${size.heightCm} cm`}
          </text>
        </svg>
        <div
          className={styles.work}
          data-scale="work"
          style={{
            left: pct(WORK_LEFT, SCENE.width),
            top: pct(workTop, SCENE.height),
            width: pct(work.width, SCENE.width),
            height: pct(work.height, SCENE.height),
          }}
        >
          <Picture collection="artworks" name={image} alt="" sizes={WORK_PICTURE_SIZES} className={styles.image} />
        </div>
      </div>
      <figcaption className={styles.caption}>{caption}</figcaption>
    </figure>
  );
}

/** A standing figure exactly from `top` (crown of the head) to `bottom` (soles). */
function Silhouette({ x, top, bottom, width }: { x: number; top: number; bottom: number; width: number }) {
  const h = bottom - top;
  // Proportions of a standing adult as fractions of height and of the shoulder width.
  const cx = x + width / 2;
  const headR = h * 0.065;
  const y = (f: number) => top + h * f;
  const dx = (f: number) => cx + (width / 2) * f;
  const body = [
    `M${dx(-0.62)} ${y(0.19)}`,
    `Q${dx(-0.6)} ${y(0.16)} ${dx(-0.4)} ${y(0.155)}`,
    `L${dx(0.4)} ${y(0.155)}`,
    `Q${dx(0.6)} ${y(0.16)} ${dx(0.62)} ${y(0.19)}`,
    `L${dx(0.72)} ${y(0.52)}`,
    `L${dx(0.56)} ${y(0.53)}`,
    `L${dx(0.44)} ${y(0.27)}`,
    `L${dx(0.42)} ${y(0.56)}`,
    `L${dx(0.36)} ${y(1)}`,
    `L${dx(0.08)} ${y(1)}`,
    `L${dx(0)} ${y(0.6)}`,
    `L${dx(-0.08)} ${y(1)}`,
    `L${dx(-0.36)} ${y(1)}`,
    `L${dx(-0.42)} ${y(0.56)}`,
    `L${dx(-0.44)} ${y(0.27)}`,
    `L${dx(-0.56)} ${y(0.53)}`,
    `L${dx(-0.72)} ${y(0.52)}`,
    "Z",
  ].join(" ");
  return (
    <>
      <circle cx={cx} cy={top + headR} r={headR} />
      <rect x={cx - headR * 0.45} y={top + headR * 1.8} width={headR * 0.9} height={y(0.16) - (top + headR * 1.8)} />
      <path d={body} />
    </>
  );
}
