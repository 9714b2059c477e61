/** A sparse design matrix in compressed-row form with binary labels. */
export interface SparseRows {
  readonly rowStart: Int32Array;
  readonly column: Int32Array;
  readonly value: Float64Array;
  readonly label: Uint8Array;
  readonly dimension: number;
}

/** Options of an L2-regularised logistic-regression fit. */
export interface LogisticFitOptions {
  /** Inverse regularisation strength, as sklearn's `C` (the objective is C·Σ log-loss + ½‖w‖²). */
  readonly inverseRegularisation: number;
  /** Columns left unregularised (the intercept). */
  readonly unregularised?: readonly number[];
  /** Columns held at a given weight rather than fitted (column → weight). */
  readonly fixed?: ReadonlyMap<number, number>;
  readonly maxIterations?: number;
  readonly tolerance?: number;
}

/** Accumulates feature rows into a growable sparse matrix. */
export class SparseRowsBuilder {
  private columns: number[] = [];
  private values: number[] = [];
  private starts: number[] = [0];
  private labels: number[] = [];

  /** Appends one row of `count` (column, value) pairs and its label. */
  push(column: Int32Array, value: Float64Array, count: number, label: number): void {
    for (let k = 0; k < count; k++) {
      this.columns.push(column[k]!);
      this.values.push(value[k]!);
    }
    this.starts.push(this.columns.length);
    this.labels.push(label);
  }

  /** The finished matrix over `dimension` columns. */
  build(dimension: number): SparseRows {
    return {
      rowStart: Int32Array.from(this.starts),
      column: Int32Array.from(this.columns),
      value: Float64Array.from(this.values),
      label: Uint8Array.from(this.labels),
      dimension,
    };
  }
}

function objective(
  rows: SparseRows,
  w: Float64Array,
  c: number,
  penalty: Float64Array,
  gradient: Float64Array,
  fixed: readonly number[],
): number {
  gradient.fill(0);
  let loss = 0;
  const { rowStart, column, value, label } = rows;
  const n = label.length;
  for (let r = 0; r < n; r++) {
    let z = 0;
    const end = rowStart[r + 1]!;
    for (let k = rowStart[r]!; k < end; k++) z += w[column[k]!]! * value[k]!;
    const y = label[r]!;
    // log(1 + e^z) and the sigmoid from one exponential, e^-|z|, without overflow.
    const e = Math.exp(z > 0 ? -z : z);
    loss += (z > 0 ? z : 0) + Math.log1p(e) - y * z;
    const residual = c * ((z > 0 ? 1 : e) / (1 + e) - y);
    for (let k = rowStart[r]!; k < end; k++) gradient[column[k]!]! += residual * value[k]!;
  }
  loss *= c;
  for (let j = 0; j < w.length; j++) {
    loss += 0.5 * penalty[j]! * w[j]! * w[j]!;
    gradient[j]! += penalty[j]! * w[j]!;
  }
  // A held column never moves: with no gradient, no L-BFGS direction has a component along it.
  for (const j of fixed) gradient[j] = 0;
  return loss;
}

function dot(a: Float64Array, b: Float64Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/**
 * Fits L2-regularised logistic regression by L-BFGS with backtracking line search.
 * Deterministic: it starts from zero weights and uses no randomness.
 *
 * Preconditioned: each column is divided by its root-mean-square value and its penalty multiplied by the square of
 * that scale, which is the same objective in rescaled coordinates (so the same minimum) but far better conditioned
 * when features differ in scale (rare one-hots next to dense counts); the weights are mapped back before returning.
 */
export function fitLogistic(original: SparseRows, options: LogisticFitOptions): Float64Array {
  const dim = original.dimension;
  const memory = 10;
  const maxIterations = options.maxIterations ?? 300;
  const tolerance = options.tolerance ?? 1e-7;
  const scale = columnScales(original);
  const rows: SparseRows = {
    ...original,
    value: Float64Array.from(original.value, (v, k) => v / scale[original.column[k]!]!),
  };
  const penalty = Float64Array.from(scale, (s) => 1 / (s * s));
  for (const j of options.unregularised ?? []) penalty[j] = 0;
  const c = options.inverseRegularisation;
  const fixed = [...(options.fixed?.keys() ?? [])];

  let w = new Float64Array(dim);
  for (const [j, weight] of options.fixed ?? []) {
    // Held at its weight in the original coordinates, and not penalised.
    w[j] = weight * scale[j]!;
    penalty[j] = 0;
  }
  let g = new Float64Array(dim);
  let f = objective(rows, w, c, penalty, g, fixed);
  const sHistory: Float64Array[] = [];
  const yHistory: Float64Array[] = [];
  const rhoHistory: number[] = [];
  const direction = new Float64Array(dim);
  const alpha = new Array<number>(memory);

  for (let iteration = 0; iteration < maxIterations; iteration++) {
    // Two-loop recursion for the quasi-Newton direction.
    for (let i = 0; i < dim; i++) direction[i] = -g[i]!;
    for (let k = sHistory.length - 1; k >= 0; k--) {
      alpha[k] = rhoHistory[k]! * dot(sHistory[k]!, direction);
      const y = yHistory[k]!;
      for (let i = 0; i < dim; i++) direction[i]! -= alpha[k]! * y[i]!;
    }
    if (sHistory.length > 0) {
      const last = sHistory.length - 1;
      const gamma = dot(sHistory[last]!, yHistory[last]!) / dot(yHistory[last]!, yHistory[last]!);
      for (let i = 0; i < dim; i++) direction[i]! *= gamma;
    } else {
      const norm = Math.sqrt(dot(g, g)) || 1;
      for (let i = 0; i < dim; i++) direction[i]! /= norm;
    }
    for (let k = 0; k < sHistory.length; k++) {
      const beta = rhoHistory[k]! * dot(yHistory[k]!, direction);
      const s = sHistory[k]!;
      for (let i = 0; i < dim; i++) direction[i]! += (alpha[k]! - beta) * s[i]!;
    }
    let slope = dot(g, direction);
    if (slope >= 0) {
      // Not a descent direction: restart from steepest descent.
      sHistory.length = yHistory.length = rhoHistory.length = 0;
      for (let i = 0; i < dim; i++) direction[i] = -g[i]!;
      slope = dot(g, direction);
    }
    let step = 1;
    const wNext = new Float64Array(dim);
    const gNext = new Float64Array(dim);
    let fNext = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < 40; attempt++) {
      for (let i = 0; i < dim; i++) wNext[i] = w[i]! + step * direction[i]!;
      fNext = objective(rows, wNext, c, penalty, gNext, fixed);
      if (fNext <= f + 1e-4 * step * slope) break;
      step *= 0.5;
    }
    if (!(fNext < f)) break;
    const s = new Float64Array(dim);
    const y = new Float64Array(dim);
    for (let i = 0; i < dim; i++) {
      s[i] = wNext[i]! - w[i]!;
      y[i] = gNext[i]! - g[i]!;
    }
    const sy = dot(s, y);
    if (sy > 1e-12) {
      sHistory.push(s);
      yHistory.push(y);
      rhoHistory.push(1 / sy);
      if (sHistory.length > memory) {
        sHistory.shift();
        yHistory.shift();
        rhoHistory.shift();
      }
    }
    const relativeDecrease = (f - fNext) / Math.max(Math.abs(f), 1);
    w = wNext;
    g = gNext;
    f = fNext;
    if (relativeDecrease < tolerance) break;
  }
  for (let j = 0; j < dim; j++) w[j] = w[j]! / scale[j]!;
  return w;
}

/** Root-mean-square value of each column over all rows (1 for empty columns), floored to keep penalties finite. */
function columnScales(rows: SparseRows): Float64Array {
  const squares = new Float64Array(rows.dimension);
  for (let k = 0; k < rows.value.length; k++) squares[rows.column[k]!]! += rows.value[k]! * rows.value[k]!;
  const n = Math.max(1, rows.label.length);
  return Float64Array.from(squares, (s) => (s === 0 ? 1 : Math.max(1e-3, Math.sqrt(s / n))));
}
