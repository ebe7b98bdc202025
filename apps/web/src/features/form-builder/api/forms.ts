import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CustomForm, CustomFormInput } from '@careslot/contracts';
import { apiRequest } from '../../../shared/api/client';

const FORMS = '/careslot-custom-form/api/v1';
const KEY = 'custom-forms';

/** POST customform/organization/{id}: the practice's forms, inactive ones too (the builder's list). */
export function usePracticeForms(organizationId: string | null) {
  return useQuery({
    queryKey: [KEY, organizationId],
    queryFn: ({ signal }) =>
      apiRequest<{ Data: CustomForm[] }>(`${FORMS}/customform/organization/${organizationId}`, {
        method: 'POST',
        body: { IncludeInactive: true },
        signal,
      }).then((a) => a.Data),
    enabled: !!organizationId,
  });
}

/** POST customform (new) or PUT customform/{id} (edit: a change of its questions is a new version). */
export function useSaveForm() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: CustomFormInput }) =>
      apiRequest<{ data: CustomForm }>(id ? `${FORMS}/customform/${id}` : `${FORMS}/customform`, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }).then((a) => a.data),
    onSuccess: () => client.invalidateQueries({ queryKey: [KEY] }),
  });
}
