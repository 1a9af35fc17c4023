import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { SegmentRules } from '../../../../shared/segments';
import { useCurrentStore } from '../../../api/current-store';
import { ApiError, describeApiError, serverFieldErrorsOf } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import type { LinkComponentProps } from '../../../ui/link';
import { toaster } from '../../../ui/toaster';
import { useCreateSegment, useProductTypes, useSegmentCount, useUpdateSegment } from '../api/segment-form';
import { useSegment } from '../api/segments';
import type { SegmentInput, ServerFieldErrors } from '../forms/segment-form-rules';
import { type SegmentForm, SegmentFormScreen } from '../screens/segment-form-screen';
import { SEGMENTS_PATH, segmentDetailPath } from './paths';

function SegmentsLink({ href, ...rest }: LinkComponentProps) {
  return <Link to={href} {...rest} />;
}

const NO_ERRORS: ServerFieldErrors = {};

/** The server's field errors of a refused save (a 400), by the path it named; none for any other failure. */
function serverErrorsOf(error: unknown): ServerFieldErrors {
  return error instanceof ApiError && error.status === 400 ? serverFieldErrorsOf(error) : NO_ERRORS;
}

/** `?type=simple|advanced` from the list's create-type modal; the simple form without it. */
const formOf = (type: string | null): SegmentForm => (type === 'advanced' ? 'advanced' : 'simple');

/** /segments/create and /segments/:id/edit: one container, the segment loaded first when editing. */
export function SegmentFormRoute() {
  const { id } = useParams();
  const segmentId = id === undefined ? null : Number(id);
  return segmentId !== null && Number.isInteger(segmentId) && segmentId > 0 ? <EditSegment segmentId={segmentId} /> : <CreateSegment />;
}

/** What both pages share: the live count, the product types, the save and what follows it. */
function useSegmentFormPage(mode: 'create' | 'edit', save: ReturnType<typeof useCreateSegment>) {
  const { t } = useTranslation('toasts');
  const navigate = useNavigate();
  const { storeId } = useCurrentStore();
  const [rules, setRules] = useState<SegmentRules | null>(null);
  const count = useSegmentCount(storeId, rules);
  const productTypes = useProductTypes(storeId);
  // One object per refusal: the form goes to the refused field once, not again on every render.
  const serverErrors = useMemo(() => serverErrorsOf(save.error), [save.error]);
  return {
    segmentsHref: SEGMENTS_PATH,
    linkComponent: SegmentsLink,
    count,
    onRulesChange: setRules,
    productTypes: productTypes.data,
    // Busy until the detail page replaces this one.
    saving: save.isPending || save.isSuccess,
    serverErrors,
    onCancel: () => void navigate(SEGMENTS_PATH),
    onSubmit: (input: SegmentInput) =>
      save.mutate(input, {
        onSuccess: (segment) => {
          toaster.show({
            status: 'success',
            message: t(mode === 'create' ? 'segmentCreated' : 'segmentUpdated', { name: segment.name ?? input.name }),
            description: t('segmentSavedNote'),
          });
          void navigate(segmentDetailPath(segment.id));
        },
        onError: (error) => {
          // A refusal that names fields shows beside them; anything else says so in a toast.
          if (Object.keys(serverErrorsOf(error)).length > 0) return;
          toaster.show({
            status: 'error',
            message: t(mode === 'create' ? 'segmentCreateFailed' : 'segmentUpdateFailed'),
            description: describeApiError(error, { failed: t('segmentSaveRetry') }).message,
          });
        },
      }),
  };
}

function CreateSegment() {
  const [search] = useSearchParams();
  const { storeId } = useCurrentStore();
  const create = useCreateSegment(storeId);
  const page = useSegmentFormPage('create', create);
  return <SegmentFormScreen mode="create" form={formOf(search.get('type'))} {...page} />;
}

function EditSegment({ segmentId }: { segmentId: number }) {
  const { storeId } = useCurrentStore();
  const segment = useSegment(storeId, segmentId);
  const update = useUpdateSegment(storeId, segmentId);
  const page = useSegmentFormPage('edit', update);
  return (
    <SegmentFormScreen
      mode="edit"
      form={segment.data?.form ?? 'simple'}
      segment={loadableOf(segment)}
      onRetry={() => void segment.refetch()}
      {...page}
    />
  );
}
