import { Badge } from '@mantine/core';
import { IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TeleVisitState, TeleVisitStatus } from '../api/teleVisits';
import { toneText } from '../calendarModel';

const TONE: Record<Exclude<TeleVisitStatus, 'Scheduled'>, string> = {
  'Waiting-Room': 'orange',
  Started: 'teal',
  Ended: 'gray',
  Expired: 'gray',
};

/** What a video visit's TeleVisitStatus says on the practice's day, e.g. "Video: 1 waiting" (i18n key). */
export function videoStatusText(
  t: (key: string, options?: Record<string, unknown>) => string,
  state: TeleVisitState | undefined,
): string | null {
  if (!state || state.Status === 'Scheduled') return null;
  if (state.Status === 'Waiting-Room') return t('video.waiting', { count: state.Waiting });
  return t(
    `video.${state.Status === 'Started' ? 'started' : state.Status === 'Ended' ? 'ended' : 'expired'}`,
  );
}

/** A video visit's live status next to its appointment status; nothing before anyone arrives. */
export function VideoVisitBadge({
  state,
  size = 'sm',
}: {
  state: TeleVisitState | undefined;
  size?: 'xs' | 'sm' | 'md';
}) {
  const { t } = useTranslation('practiceDay');
  const text = videoStatusText(t, state);
  if (!state || !text || state.Status === 'Scheduled') return null;
  const tone = TONE[state.Status];
  return (
    <Badge
      color={tone}
      variant="light"
      size={size}
      radius="sm"
      leftSection={<IconVideo size={12} aria-hidden />}
      styles={{ label: { color: toneText(tone) } }}
      style={{ flexShrink: 0 }}
      data-video-status={state.Status}
    >
      {text}
    </Badge>
  );
}
