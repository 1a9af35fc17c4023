// Its own entry point: nivo is heavy, so screens load charts lazily and the app's entry chunk
// never imports this module.
export { Chart, type ChartPoint, type ChartProps, type ChartSeries } from './chart';
export type { ChartValueFormat } from './theme';
