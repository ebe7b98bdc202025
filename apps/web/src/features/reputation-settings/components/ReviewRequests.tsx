import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import {
  REVIEW_REQUEST_MAX_DELAY_HOURS,
  reputationEntityConfigurationInputSchema,
  type ReputationEntityConfiguration,
  type ReputationEntityConfigurationInput,
  type ReputationEntityType,
} from '@careslot/contracts';
import { ApiError } from '../../../shared/api/client';
import { useReviewRequestConfigurations, useSaveReviewRequestConfiguration } from '../api/reputation';

export interface ReviewRequestEntity {
  type: ReputationEntityType;
  id: string;
  name: string;
}

/**
 * The hours field checked with the contract's schema (the server runs the same one): the message names the
 * field and the rule. Answers the input to send, or the message.
 */
export function reviewRequestInput(
  t: TFunction<'reputationSettings'>,
  send: boolean,
  hours: string,
): { input: ReputationEntityConfigurationInput; error: null } | { input: null; error: string } {
  const typed = hours.trim();
  const parsed = reputationEntityConfigurationInputSchema.safeParse({
    SendReviewRequests: send,
    ReviewRequestDelayHours: typed === '' ? Number.NaN : Number(typed),
  });
  if (parsed.success) return { input: parsed.data, error: null };
  const issue = parsed.error.issues[0]!;
  const field = t('reviewRequests.delay');
  const error =
    issue.code === 'too_big' || issue.code === 'too_small'
      ? t('errors.range', { field, min: 0, max: REVIEW_REQUEST_MAX_DELAY_HOURS })
      : t('errors.wholeNumber', { field });
  return { input: null, error };
}

function serverError(t: TFunction<'reputationSettings'>, error: unknown): string {
  if (error instanceof ApiError && error.issues.length)
    return error.issues.map((i) => `${t('reviewRequests.delay')}: ${i.message}`).join('; ');
  return error instanceof Error ? error.message : String(error);
}

function RowForm({ entity, saved }: { entity: ReviewRequestEntity; saved: ReputationEntityConfiguration }) {
  const { t } = useTranslation('reputationSettings');
  const save = useSaveReviewRequestConfiguration();
  const [send, setSend] = useState(saved.SendReviewRequests);
  const [hours, setHours] = useState(String(saved.ReviewRequestDelayHours));
  const [touched, setTouched] = useState(false);
  const checked = reviewRequestInput(t, send, hours);
  const error = touched && checked.error ? checked.error : save.error ? serverError(t, save.error) : null;
  return (
    <>
      <Table.Td>
        <Switch
          aria-label={t('reviewRequests.sendOf', { name: entity.name })}
          checked={send}
          onChange={(e) => setSend(e.currentTarget.checked)}
        />
      </Table.Td>
      <Table.Td>
        <TextInput
          aria-label={t('reviewRequests.delayOf', { name: entity.name })}
          inputMode="numeric"
          value={hours}
          onChange={(e) => setHours(e.currentTarget.value)}
          disabled={!send}
          maxLength={4}
          error={error}
          w={120}
        />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button
            size="xs"
            loading={save.isPending}
            aria-label={t('reviewRequests.saveOf', { name: entity.name })}
            onClick={() => {
              setTouched(true);
              save.reset();
              if (checked.input) save.mutate({ id: saved.Id, input: checked.input });
            }}
          >
            {t('listings.save')}
          </Button>
          {save.isSuccess ? (
            <Text size="xs" c="teal.9" fw={600} role="status">
              {t('reviewRequests.saved')}
            </Text>
          ) : null}
        </Group>
      </Table.Td>
    </>
  );
}

function Row({
  entity,
  configuration,
}: {
  entity: ReviewRequestEntity;
  configuration: { data: ReputationEntityConfiguration | undefined; error: unknown };
}) {
  const { t } = useTranslation('reputationSettings');
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        {entity.name}
        <Text size="xs" c="dimmed">
          {t(`reviewRequests.types.${entity.type}`)}
        </Text>
      </Table.Th>
      {configuration.data ? (
        <RowForm entity={entity} saved={configuration.data} />
      ) : configuration.error ? (
        <Table.Td colSpan={3}>
          <Text c="red.8" size="sm" role="alert">
            {serverError(t, configuration.error)}
          </Text>
        </Table.Td>
      ) : (
        <Table.Td colSpan={3}>
          <Skeleton height={28} aria-label={t('reviewRequests.loading')} />
        </Table.Td>
      )}
    </Table.Tr>
  );
}

/**
 * Review requests (practice-portal.md §3.8 "entity configuration", decision 0074): whether and how many hours
 * after a visit the patient is asked for a review, for the practice and each of its locations and providers.
 */
export function ReviewRequests({ entities }: { entities: ReviewRequestEntity[] }) {
  const { t } = useTranslation('reputationSettings');
  const all = useReviewRequestConfigurations(entities);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="reputation-review-requests">
      <Stack gap="sm">
        <Title order={2} fz="h4" id="reputation-review-requests">
          {t('reviewRequests.heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('reviewRequests.lead', { max: REVIEW_REQUEST_MAX_DELAY_HOURS })}
        </Text>
        {entities.length === 0 ? (
          <Alert color="gray">{t('reviewRequests.none')}</Alert>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('reviewRequests.entity')}</Table.Th>
                  <Table.Th>{t('reviewRequests.send')}</Table.Th>
                  <Table.Th>{t('reviewRequests.delay')}</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>{t('listings.actions')}</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entities.map((entity) => (
                  <Row
                    key={`${entity.type}:${entity.id}`}
                    entity={entity}
                    configuration={{ data: all.data?.get(`${entity.type}|${entity.id}`), error: all.error }}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
