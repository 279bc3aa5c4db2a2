/**
 * How much longer `crafted` takes than `plain`: the median of `rounds` timings of each, taken in
 * alternating rounds after one warm-up of each, so a machine busy with other work slows both
 * alike. For tests of hostile input against ordinary input of the same size.
 */
export async function medianTimeRatio(
  crafted: () => unknown,
  plain: () => unknown,
  rounds = 7,
): Promise<{ ratio: number; craftedMs: number; plainMs: number }> {
  const times = { crafted: [] as number[], plain: [] as number[] };
  const timed = async (run: () => unknown) => {
    const started = performance.now();
    await run();
    return performance.now() - started;
  };
  await timed(crafted);
  await timed(plain);
  for (let round = 0; round < rounds; round++) {
    times.crafted.push(await timed(crafted));
    times.plain.push(await timed(plain));
  }
  const craftedMs = median(times.crafted);
  const plainMs = median(times.plain);
  return { ratio: craftedMs / plainMs, craftedMs, plainMs };
}

function median(values: number[]): number {
  return values.toSorted((a, b) => a - b)[values.length >> 1] ?? 0;
}

/** The failure message of a ratio check. */
export const describeRatio = ({
  ratio,
  craftedMs,
  plainMs,
}: Awaited<ReturnType<typeof medianTimeRatio>>) =>
  `crafted ${craftedMs.toFixed(2)} ms, plain ${plainMs.toFixed(2)} ms, ratio ${ratio.toFixed(1)}`;
