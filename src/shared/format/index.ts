export { formatCount } from './count';
