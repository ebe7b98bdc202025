import { lazy, Suspense, useMemo, useState } from 'react';
import { Alert, Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconList, IconMap } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { BREAKPOINTS } from '@careslot/contracts';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../shared/api/client';
import { errorMessage } from '../../../shared/api/errorMessage';
import { useInsurances } from '../../../shared/search/lookups';
import { localIsoDate, PROVIDER_SEARCH_PATH } from '../../../shared/search/providerSearchUrl';
import { SearchFilter, type FilterValues } from '../../../shared/search/SearchFilter';
import { AppDialog } from '../../../shared/ui/AppDialog';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { useFindCare } from '../api/findCare';
import { ResultFilters } from '../components/ResultFilters';
import { useLiveResults } from '../liveResults';
import { useLocationPrompt } from '../useLocationPrompt';
import { readSearchParams, toSearchParams, toSearchRequest, type SearchState } from '../searchState';
import classes from './ProviderSearchPage.module.css';

// Leaflet and the US outlines load only when the map is opened.
const ResultsMap = lazy(() => import('../components/ResultsMap'));
// The result cards and page numbers: loading starts with this page, alongside the search request.
const resultParts = import('../components/resultParts');
const ProviderCard = lazy(() => resultParts.then((m) => ({ default: m.ProviderCard })));
const Pagination = lazy(() => resultParts.then((m) => ({ default: m.Pagination })));

/** The provider-search page (patient-booking.md §2.5): driven by its URL, the filter in its header. */
export function ProviderSearchPage() {
  const { t, i18n } = useTranslation('findCare');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const today = localIsoDate();
  const state = useMemo(() => readSearchParams(params, today), [params, today]);
  const insurances = useInsurances();
  const planIdOf = (carrier: string, plan: string) =>
    insurances.data?.find((c) => c.Name === carrier)?.Plans.find((p) => p.Name === plan)?.Id ?? null;
  // A plan filter waits for the insurance list, so the first search already carries the plan.
  const ready = !state.insurancePlanName || insurances.isSuccess || insurances.isError;
  const body = ready ? toSearchRequest(state, planIdOf) : null;
  const search = useFindCare(body);
  const live = useLiveResults(body, search.isPlaceholderData ? undefined : search.data);
  const [showMap, setShowMap] = useState(false);
  const phone = useMediaQuery(`(max-width: ${BREAKPOINTS.mobile}px)`) ?? false;

  const go = (next: SearchState) => setParams(toSearchParams(next));
  const refine = (change: Partial<SearchState>) => go({ ...state, ...change, pageNo: 1 });
  const filterValues: FilterValues = useMemo(
    () => ({
      specialties: state.specialties,
      condition: state.condition,
      textField: state.textField,
      zipCode: state.zipCode,
      insuranceName: state.insuranceName,
      insurancePlanName: state.insurancePlanName,
      date: state.date,
    }),
    [state],
  );

  const result = search.data;
  const pages = result ? Math.max(1, Math.ceil(result.count / state.pageSize)) : 1;
  const hasPlace = Boolean(
    state.zipCode || state.city || (state.latitude !== null && state.longitude !== null),
  );
  // On a phone, a search without a place asks for the position once and lists the nearest providers first.
  const locationPrompt = useLocationPrompt(phone && !hasPlace, (latitude, longitude) =>
    setParams(toSearchParams({ ...state, latitude, longitude, sortOn: 'distance', pageNo: 1 }), {
      replace: true,
    }),
  );
  const locale = i18n.language;
  // A search the server cannot run as asked (an unknown zip or city, a too long text: 400) found nobody.
  const refused =
    search.isError && search.error instanceof ApiError && search.error.status === 400 ? search.error : null;
  const unknownPlace = refused?.issues.some((issue) => /(^|\.)(ZipCode|City)$/.test(issue.field)) ?? false;
  const nothingFound =
    refused !== null || (result !== undefined && !search.isError && result.providers.length === 0);
  const widen = hasPlace || state.distance > 0;
  const anyFilter = [...params.keys()].length > 0;

  return (
    <>
      <title>{t('title')}</title>
      <AppDialog
        variant="small"
        opened={locationPrompt.alertOpen}
        onClose={locationPrompt.closeAlert}
        title={t('location.title')}
        message={t('location.prompt')}
        primary={{ label: t('location.ok'), onClick: locationPrompt.closeAlert }}
      />
      <Box className={classes.header}>
        <Container size="xl" py="md">
          <SearchFilter
            key={JSON.stringify(filterValues)}
            initial={filterValues}
            today={today}
            onSearch={(values) =>
              refine({ ...values, city: null, stateName: null, latitude: null, longitude: null })
            }
            onClear={() => void navigate(PROVIDER_SEARCH_PATH)}
          />
        </Container>
      </Box>

      <Container size="xl" py="lg">
        <Stack gap="md">
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <div>
              <Title order={1} size="h2" aria-live="polite">
                {refused
                  ? t('results.count', { count: 0 })
                  : search.isError
                    ? t('results.errorTitle')
                    : result
                      ? t('results.count', { count: result.count })
                      : t('results.searching')}
              </Title>
              {result?.place?.label && !refused ? (
                <Text c="dimmed" size="sm">
                  {t('results.near', { place: result.place.label })}
                </Text>
              ) : null}
            </div>
            <Button
              variant={showMap ? 'filled' : 'light'}
              leftSection={showMap ? <IconList size={18} aria-hidden /> : <IconMap size={18} aria-hidden />}
              onClick={() => setShowMap((open) => !open)}
              aria-pressed={showMap}
              disabled={!result || result.providers.length === 0}
            >
              {showMap ? t('results.hideMap') : t('results.map')}
            </Button>
          </Group>

          <ResultFilters state={state} hasPlace={hasPlace} onChange={refine} />

          {search.isError && !refused ? (
            <Alert color="red" title={t('results.errorTitle')}>
              {errorMessage(search.error, t)}
            </Alert>
          ) : null}

          {showMap && result && !refused && result.providers.length > 0 ? (
            <Suspense fallback={<LoadingSpinner minHeight={400} />}>
              <ResultsMap
                title={t('results.mapTitle')}
                pins={result.providers.map((provider) => ({ provider, label: provider.display_name }))}
              />
            </Suspense>
          ) : null}

          {!result && !search.isError && search.isFetching ? <LoadingSpinner minHeight={300} /> : null}

          {nothingFound ? (
            <Alert color="gray" title={t('results.noneTitle')} data-testid="no-providers">
              <Stack gap="sm" align="flex-start">
                <Text size="sm">
                  {unknownPlace
                    ? t('results.unknownPlace', { place: state.zipCode ?? state.city ?? '' })
                    : t('results.none')}
                </Text>
                <Group gap="sm">
                  {widen ? (
                    <Button
                      size="xs"
                      onClick={() =>
                        refine({
                          zipCode: null,
                          city: null,
                          stateName: null,
                          latitude: null,
                          longitude: null,
                          distance: 0,
                        })
                      }
                    >
                      {t('results.searchEverywhere')}
                    </Button>
                  ) : null}
                  {anyFilter ? (
                    <Button size="xs" variant="default" onClick={() => void navigate(PROVIDER_SEARCH_PATH)}>
                      {t('results.clearFilters')}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Alert>
          ) : null}

          <Suspense
            fallback={result && result.providers.length > 0 ? <LoadingSpinner minHeight={300} /> : null}
          >
            <Stack
              gap="md"
              aria-busy={search.isFetching}
              className={search.isPlaceholderData ? classes.stale : undefined}
            >
              {result && !refused
                ? result.providers.map((provider) => (
                    <ProviderCard
                      key={`${provider.practitioner_id}|${provider.location.id}`}
                      provider={provider}
                      locale={locale}
                      startDay={result.date}
                      live={live}
                      onJump={(day) => refine({ date: day })}
                      visitType={state.visitType}
                    />
                  ))
                : null}
            </Stack>
          </Suspense>

          {result && !refused && result.count > state.pageSize ? (
            <Suspense fallback={null}>
              <Group justify="center" mt="md">
                <Pagination
                  total={pages}
                  value={Math.min(state.pageNo, pages)}
                  onChange={(page) => {
                    go({ ...state, pageNo: page });
                    window.scrollTo({ top: 0 });
                  }}
                  getItemProps={(page) => ({ 'aria-label': t('results.page', { page }) })}
                  // The previous and next arrows have names too (issue 30 item 9).
                  getControlProps={(control) => ({ 'aria-label': t(`results.${control}Page`) })}
                  aria-label={t('results.pages')}
                />
              </Group>
            </Suspense>
          ) : null}
        </Stack>
      </Container>
    </>
  );
}
