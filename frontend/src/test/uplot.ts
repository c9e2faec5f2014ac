// uPlot draws on a canvas, which jsdom lacks: every test file gets this recorder instead
// (src/test/setup.ts mocks 'uplot' for all of them). One mock for all matters because the files
// of a worker share one module graph (vitest.config.ts: isolate off): a chart module first loaded
// by another file would otherwise keep the real uPlot whatever a later file mocks.

/** The plots made since the last `plots.length = 0`: each one's series and data. */
export const plots: { series: { label?: string }[]; data: number[][] }[] = [];

export class FakePlot {
  static paths = { bars: () => () => null };
  constructor(options: { series: { label?: string }[] }, data: number[][]) {
    plots.push({ series: options.series, data });
  }
  setSize() {}
  destroy() {}
}
