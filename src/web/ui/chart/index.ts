// Its own entry point: screens load charts lazily, so the app's entry chunk never imports this
// module and a page without charts never downloads their drawing.
export { Chart, type ChartPoint, type ChartProps, type ChartSeries } from './chart';
export type { ChartValueFormat } from './theme';
