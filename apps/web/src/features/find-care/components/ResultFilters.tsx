import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LazySelect } from '../../../shared/ui/LazySelect';
import { SEARCH_SORTS, VISIT_TYPES, type VisitType } from '@careslot/contracts';
import { DISTANCE_CHOICES, type SearchState } from '../searchState';

// Two selects a row on a phone, their own widths from 576 px.
const HALF = 'calc(50% - var(--mantine-spacing-sm) / 2)';

type Refinements = Pick<SearchState, 'gender' | 'visitType' | 'distance' | 'sortOn'>;

/** Gender, visit type, distance and sort of the results page; each change starts again at page 1. */
export function ResultFilters({
  state,
  hasPlace,
  onChange,
}: {
  state: Refinements;
  hasPlace: boolean;
  onChange: (change: Partial<Refinements>) => void;
}) {
  const { t } = useTranslation('findCare');
  const any = t('refine.any');
  return (
    <Group gap="sm" wrap="wrap" role="group" aria-label={t('refine.label')}>
      <LazySelect
        label={t('refine.gender')}
        w={{ base: HALF, sm: 150 }}
        data={[
          { value: '', label: any },
          { value: 'F', label: t('refine.genders.F') },
          { value: 'M', label: t('refine.genders.M') },
        ]}
        value={state.gender ?? ''}
        onChange={(value) => onChange({ gender: value === 'F' || value === 'M' ? value : null })}
        allowDeselect={false}
      />
      <LazySelect
        label={t('refine.visitType')}
        w={{ base: HALF, sm: 170 }}
        data={[
          { value: '', label: any },
          ...VISIT_TYPES.map((v) => ({ value: v, label: t(`visitTypes.${v}`) })),
        ]}
        value={state.visitType ?? ''}
        onChange={(value) =>
          onChange({
            visitType: (VISIT_TYPES as readonly string[]).includes(value ?? '') ? (value as VisitType) : null,
          })
        }
        allowDeselect={false}
      />
      <LazySelect
        label={t('refine.distance')}
        w={{ base: HALF, sm: 150 }}
        disabled={!hasPlace}
        data={DISTANCE_CHOICES.map((miles) => ({
          value: String(miles),
          label: miles === 0 ? any : t('refine.withinMiles', { miles }),
        }))}
        value={String(state.distance)}
        onChange={(value) => onChange({ distance: Number(value ?? 0) })}
        allowDeselect={false}
      />
      <LazySelect
        label={t('refine.sort')}
        w={{ base: HALF, sm: 190 }}
        data={SEARCH_SORTS.map((s) => ({ value: s, label: t(`refine.sorts.${s}`) }))}
        value={state.sortOn}
        onChange={(value) => onChange({ sortOn: value === 'next_availability' ? value : 'distance' })}
        allowDeselect={false}
      />
    </Group>
  );
}
