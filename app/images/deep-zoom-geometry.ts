/**
 * The Deep Zoom pyramid's shape, as libvips' dzsave lays it out: level L is the image halved
 * (rounding up) until the top level, ceil(log2(longest side)), is full size; level 0 is 1 px.
 * Used to refuse tiles outside the pyramid before anything is built or read.
 */
export interface PyramidGeometry {
  width: number;
  height: number;
  tileSize: number;
  /** The full-size level. */
  maxLevel: number;
}

export function pyramidGeometry(width: number, height: number, tileSize: number): PyramidGeometry {
  return { width, height, tileSize, maxLevel: Math.ceil(Math.log2(Math.max(width, height, 1))) };
}

/** The level's size in pixels. */
export function levelSize(geometry: PyramidGeometry, level: number): { width: number; height: number } {
  const scale = 2 ** (geometry.maxLevel - level);
  return {
    width: Math.max(1, Math.ceil(geometry.width / scale)),
    height: Math.max(1, Math.ceil(geometry.height / scale)),
  };
}

/** How many tiles across and down the level has. */
export function levelTiles(geometry: PyramidGeometry, level: number): { columns: number; rows: number } {
  const size = levelSize(geometry, level);
  return { columns: Math.ceil(size.width / geometry.tileSize), rows: Math.ceil(size.height / geometry.tileSize) };
}

/** Whether the pyramid has this tile. */
export function hasTile(geometry: PyramidGeometry, level: number, column: number, row: number): boolean {
  if (level < 0 || level > geometry.maxLevel) return false;
  const { columns, rows } = levelTiles(geometry, level);
  return column >= 0 && row >= 0 && column < columns && row < rows;
}

/** Every tile in the pyramid (for tests and the measurement). */
export function tileCount(geometry: PyramidGeometry): number {
  let count = 0;
  for (let level = 0; level <= geometry.maxLevel; level++) {
    const { columns, rows } = levelTiles(geometry, level);
    count += columns * rows;
  }
  return count;
}
