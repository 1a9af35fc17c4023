import { ark } from '@ark-ui/react/factory';
import { Progress } from '@ark-ui/react/progress';
import { progressBar } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(progressBar);

export const Root = withProvider(Progress.Root, 'root');
export const Label = withContext(Progress.Label, 'label');
export const Track = withContext(Progress.Track, 'track');
export const Range = withContext(Progress.Range, 'range');
export const ValueText = withContext(Progress.ValueText, 'valueText');
/** A line of text under the bar in the value text's style, not tied to the value. */
export const Description = withContext(ark.p, 'valueText');
export const View = withContext(Progress.View, 'view');
export const Circle = withContext(Progress.Circle, 'circle');
export const CircleTrack = withContext(Progress.CircleTrack, 'circleTrack');
export const CircleRange = withContext(Progress.CircleRange, 'circleRange');
