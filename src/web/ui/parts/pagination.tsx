import { ark } from '@ark-ui/react/factory';
import { Pagination } from '@ark-ui/react/pagination';
import { pagination } from 'styled-system/recipes';
import { createStyleContext } from '../style-context';

const { withProvider, withContext } = createStyleContext(pagination);

export const Root = withProvider(Pagination.Root, 'root');
export const Status = withContext(ark.span, 'status');
export const FirstTrigger = withContext(Pagination.FirstTrigger, 'firstTrigger');
export const PrevTrigger = withContext(Pagination.PrevTrigger, 'prevTrigger');
export const Item = withContext(Pagination.Item, 'item');
export const Ellipsis = withContext(Pagination.Ellipsis, 'ellipsis');
export const NextTrigger = withContext(Pagination.NextTrigger, 'nextTrigger');
export const LastTrigger = withContext(Pagination.LastTrigger, 'lastTrigger');
export const Context = Pagination.Context;
