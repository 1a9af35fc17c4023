import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import type { SegmentRules } from '../../../../shared/segments';
import type { Loadable } from '../../../api/loadable';
import { Breadcrumbs } from '../../../ui/breadcrumbs';
import { EmptyState } from '../../../ui/empty-state';
import { type LinkComponent, PlainLink } from '../../../ui/link';
import { LoadableView } from '../../../ui/loadable-view';
import { PageHeader } from '../../../ui/page-header';
import { SkeletonGroup } from '../../../ui/skeleton';
import type { SegmentCountState } from '../api/segment-form';
import { advancedSegmentValuesOf } from '../forms/advanced-segment-form';
import type { SegmentInput, ServerFieldErrors } from '../forms/segment-form-rules';
import { simpleSegmentValuesOf } from '../forms/simple-segment-form';
import { AdvancedSegmentForm } from './advanced-segment-form';
import { formLayout } from './segment-form-parts';
import { SimpleSegmentForm } from './simple-segment-form';

type Segment = components['schemas']['Segment'];
export type SegmentForm = components['schemas']['SegmentForm'];

export interface SegmentFormScreenProps {
  mode: 'create' | 'edit';
  /** The form to create with; when editing, the one the segment was made with wins. */
  form: SegmentForm;
  /** Editing: the segment as it loads. */
  segment?: Loadable<Segment> | undefined;
  onRetry?: (() => void) | undefined;
  /** The segments list, for the breadcrumbs and the way out of a segment that cannot be edited. */
  segmentsHref: string;
  linkComponent?: LinkComponent | undefined;
  count: SegmentCountState;
  onRulesChange: (rules: SegmentRules | null) => void;
  onSubmit: (input: SegmentInput) => void;
  onCancel: () => void;
  saving?: boolean;
  serverErrors?: ServerFieldErrors | undefined;
  productTypes?: readonly string[] | undefined;
  /** The advanced form's first step: 0 general information, 1 logic (stories start on either). */
  defaultStep?: 0 | 1;
}

const page = css({ display: 'flex', flexDirection: 'column', gap: '6', minW: '0' });

/** Create or edit a segment (SPEC §2): the simple form, or the advanced one in two steps. */
export function SegmentFormScreen(props: SegmentFormScreenProps) {
  const { t } = useTranslation('createSegment');
  const { t: tCommon } = useTranslation('common');
  const { mode, segment, segmentsHref, linkComponent: Link = PlainLink } = props;
  const loaded = segment?.status === 'success' ? segment.data : undefined;
  const form = loaded?.form ?? props.form;
  const title = mode === 'create' ? t('title.create') : t('title.edit');
  return (
    <div className={page}>
      <Breadcrumbs items={[{ href: segmentsHref, label: tCommon('pageTitle.segments') }, { label: title }]} linkComponent={Link} />
      <PageHeader title={title} description={mode === 'edit' && !loaded ? undefined : t(`kind.${form}`)} />
      <SegmentFormBody {...props} form={form} />
    </div>
  );
}

function SegmentFormBody({
  mode,
  form,
  segment,
  onRetry,
  segmentsHref,
  linkComponent: Link = PlainLink,
  ...formProps
}: SegmentFormScreenProps) {
  const { t } = useTranslation('createSegment');
  const formOf = (saved: Segment | undefined) =>
    form === 'advanced' ? (
      <AdvancedSegmentForm key={saved?.id} {...formProps} defaultValues={saved ? advancedSegmentValuesOf(saved) : undefined} />
    ) : (
      <SimpleSegmentForm key={saved?.id} {...formProps} defaultValues={saved ? simpleSegmentValuesOf(saved) : undefined} />
    );
  if (mode !== 'edit') return formOf(undefined);
  return (
    <LoadableView
      // Until the container hands the segment over, it is loading.
      loadable={segment ?? { status: 'loading' }}
      loading={<SkeletonGroup className={formLayout.section} items={[{ lines: 2 }, { lines: 4 }]} />}
      onRetry={onRetry}
    >
      {(saved) =>
        saved.key !== null ? (
          <EmptyState
            title={t('notEditable.title')}
            description={t('notEditable.description')}
            action={<Link href={segmentsHref}>{t('back')}</Link>}
          />
        ) : (
          formOf(saved)
        )
      }
    </LoadableView>
  );
}
