import { useState } from 'react';
import { Alert, Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Survey } from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import { hasRole, useSession } from '../../../shared/session/session';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { toast } from '../../../shared/ui/toast';
import { useSaveSurvey, useSurveys, useSurveyTemplates } from '../api/surveys';
import { SurveyEditor } from '../components/SurveyEditor';
import { SurveyResultsPanel } from '../components/SurveyResultsPanel';
import { draftOf, inputOf } from '../surveyDraft';

/**
 * The practice's patient surveys (practice-portal.md §2.11: /providers/{userId}/surveys, /practice-admin/surveys,
 * /staff-member/surveys): every user of the practice sees them; its admins add and change them.
 */
export function SurveysPage() {
  const { t, i18n } = useTranslation('surveys');
  const { user } = useSession();
  const organizationId = user?.organizationId ?? null;
  const canEdit = hasRole(user, 'practiceadmin');
  const surveys = useSurveys(organizationId);
  const [editing, setEditing] = useState<Survey | 'new' | null>(null);
  const [viewing, setViewing] = useState<Survey | null>(null);
  const templates = useSurveyTemplates(organizationId, canEdit && editing !== null);
  const save = useSaveSurvey(organizationId ?? '');
  const showError = useShowApiError();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <Container size="lg" py="xl">
      <title>{t('title')}</title>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={1}>{t('heading')}</Title>
            <Text c="dimmed">{canEdit ? t('leadAdmin') : t('lead')}</Text>
          </div>
          {canEdit && editing === null ? (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
              {t('add')}
            </Button>
          ) : null}
        </Group>

        {editing !== null && organizationId ? (
          <SurveyEditor
            key={editing === 'new' ? 'new' : editing.Id}
            initial={draftOf(editing === 'new' ? null : editing)}
            templates={templates.data?.Data ?? []}
            saving={save.isPending}
            onCancel={() => setEditing(null)}
            onSave={(draft) =>
              save.mutate(inputOf(draft, organizationId), {
                onSuccess: (saved) => {
                  toast.success(t('saved', { name: saved.Name }));
                  setEditing(null);
                },
                onError: showError,
              })
            }
          />
        ) : null}

        {viewing ? (
          <SurveyResultsPanel key={viewing.Id} survey={viewing} onClose={() => setViewing(null)} />
        ) : !organizationId ? (
          <Alert color="yellow">{t('noPractice')}</Alert>
        ) : surveys.isPending ? (
          <LoadingSpinner />
        ) : surveys.error ? (
          <Alert color="red" role="alert">
            {surveys.error.message}
          </Alert>
        ) : surveys.data.Data.length === 0 ? (
          <Card withBorder radius="lg" p="xl">
            <Text ta="center" c="dimmed">
              {canEdit ? t('emptyAdmin') : t('empty')}
            </Text>
          </Card>
        ) : (
          <SimpleGrid
            cols={{ base: 1, sm: 2 }}
            spacing="md"
            component="ul"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
          >
            {surveys.data.Data.map((survey) => (
              <Card key={survey.Id} component="li" withBorder radius="lg" p="lg" shadow="xs">
                <Stack gap="xs">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={2} fz="lg">
                      {survey.Name}
                    </Title>
                    <Badge
                      style={{ flexShrink: 0 }}
                      color={survey.Active ? 'teal.9' : 'gray'}
                      variant={survey.Active ? 'filled' : 'light'}
                    >
                      {survey.Active ? t('active') : t('inactive')}
                    </Badge>
                  </Group>
                  {survey.Instructions ? (
                    <Text size="sm" lineClamp={2}>
                      {survey.Instructions}
                    </Text>
                  ) : null}
                  <Text size="sm" c="dimmed">
                    {t('summary', {
                      count: survey.Questions.length,
                      date: when.format(new Date(survey.LastChangedOn)),
                    })}
                  </Text>
                  <Group justify="flex-end">
                    <Button
                      variant="default"
                      size="xs"
                      onClick={() => setViewing(survey)}
                      aria-label={t('results.openNamed', { name: survey.Name })}
                    >
                      {t('results.open')}
                    </Button>
                    {canEdit ? (
                      <Button
                        variant="light"
                        size="xs"
                        onClick={() => setEditing(survey)}
                        aria-label={t('editNamed', { name: survey.Name })}
                      >
                        {t('edit')}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Card>
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Container>
  );
}
