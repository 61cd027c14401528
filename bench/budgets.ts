/** The budgets of DESIGN.md, one row each in the benchmark table. */
export interface Measurement {
  /** What was measured, e.g. "Lighthouse performance /art". */
  name: string;
  /** The measured figure, already rounded for display. */
  value: number | null;
  unit: string;
  /** Human-readable budget, e.g. ">= 98". */
  budget: string;
  pass: boolean;
  /** Why a figure is missing, or extra context worth printing. */
  note?: string;
}

export function atLeast(name: string, value: number | null, min: number, unit = "", note?: string): Measurement {
  return {
    name,
    value,
    unit,
    budget: `>= ${min}${unit ? ` ${unit}` : ""}`,
    pass: value !== null && value >= min,
    note,
  };
}

export function atMost(name: string, value: number | null, max: number, unit = "", note?: string): Measurement {
  return {
    name,
    value,
    unit,
    budget: `<= ${max}${unit ? ` ${unit}` : ""}`,
    pass: value !== null && value <= max,
    note,
  };
}

/** A figure printed for context, with no budget of its own. */
export function info(name: string, value: number | null, unit = "", note?: string): Measurement {
  return { name, value, unit, budget: "-", pass: true, note };
}

export function failed(name: string, budget: string, note: string): Measurement {
  return { name, value: null, unit: "", budget, pass: false, note };
}

export const round = (n: number, digits = 0) => Math.round(n * 10 ** digits) / 10 ** digits;

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
