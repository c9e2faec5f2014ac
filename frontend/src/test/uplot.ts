// uPlot draws on a canvas, which jsdom lacks: every test file gets this recorder instead
// (src/test/setup.ts mocks 'uplot' for all of them). One mock for all matters because the files
// of a worker share one module graph (vitest.config.ts: isolate off): a chart module first loaded
// by another file would otherwise keep the real uPlot whatever a later file mocks.

type Plot = { series: { label?: string }[]; data: number[][] };

/**
 * The plots made since the last `plots.length = 0`: each one's series and data. The array lives on
 * globalThis: when a worker evaluates this module again for a later file, a chart module loaded
 * by an earlier file still holds the first FakePlot, and both must push into the one array.
 */
export const plots: Plot[] = ((globalThis as { __uplotPlots?: Plot[] }).__uplotPlots ??= []);

export class FakePlot {
  static paths = { bars: () => () => null };
  constructor(options: { series: { label?: string }[] }, data: number[][]) {
    plots.push({ series: options.series, data });
  }
  setSize() {}
  destroy() {}
}
