/** Scores of a set of probabilistic predictions against binary outcomes. */
export interface Scores {
  readonly auc: number;
  readonly rmse: number;
  readonly logLoss: number;
  readonly accuracy: number;
  readonly count: number;
}

/** Exact rank-based AUC (Mann–Whitney U) with tied predictions given their average rank. */
export function auc(predictions: ArrayLike<number>, outcomes: ArrayLike<number>): number {
  const n = predictions.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => predictions[a]! - predictions[b]!);
  let positives = 0;
  let positiveRankSum = 0;
  let i = 0;
  while (i < n) {
    let j = i;
    while (j + 1 < n && predictions[order[j + 1]!] === predictions[order[i]!]) j++;
    const averageRank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) {
      if (outcomes[order[k]!] === 1) {
        positives++;
        positiveRankSum += averageRank;
      }
    }
    i = j + 1;
  }
  const negatives = n - positives;
  if (positives === 0 || negatives === 0) return Number.NaN;
  return (positiveRankSum - (positives * (positives + 1)) / 2) / (positives * negatives);
}

/** AUC, RMSE, log-loss and accuracy at a 0.5 threshold. */
export function score(predictions: ArrayLike<number>, outcomes: ArrayLike<number>): Scores {
  const n = predictions.length;
  let squared = 0;
  let logLoss = 0;
  let hits = 0;
  for (let i = 0; i < n; i++) {
    const p = Math.min(Math.max(predictions[i]!, 1e-15), 1 - 1e-15);
    const y = outcomes[i]!;
    squared += (p - y) ** 2;
    logLoss -= y === 1 ? Math.log(p) : Math.log(1 - p);
    if ((p >= 0.5 ? 1 : 0) === y) hits++;
  }
  return {
    auc: auc(predictions, outcomes),
    rmse: Math.sqrt(squared / n),
    logLoss: logLoss / n,
    accuracy: hits / n,
    count: n,
  };
}
