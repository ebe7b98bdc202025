import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  Group,
  MultiSelect,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconBan, IconCalendarPlus, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type {
  AppointmentStatus,
  PracticeAppointment,
  PracticeCalendarContext,
  ScheduleException,
} from '@careslot/contracts';
import { useShowApiError } from '../../../shared/api/useShowApiError';
import type { CalendarAppointment } from '../../../shared/navigation/calendarLinks';
import { dateLocale } from '../../../shared/slots/dateLocale';
import { dayKeyOf, formatDay, formatSlotTime, type DayKey } from '../../../shared/slots/slotDates';
import { AppDialog } from '../../../shared/ui/AppDialog';
import { LoadingSpinner } from '../../../shared/ui/LoadingSpinner';
import { toast } from '../../../shared/ui/toast';
import { useAppointments, useBlocks, useLiftBlock } from '../api/practiceDay';
import { useTeleVisitStatuses } from '../api/teleVisits';
import {
  CALENDAR_VIEWS,
  formatLongDay,
  groupByDay,
  hourLabel,
  hoursFor,
  isInactive,
  layoutDay,
  minuteOfDay,
  patientName,
  rangeOf,
  shiftAnchor,
  STATUS_TONE,
  statusKey,
  visibleDays,
  type CalendarView,
} from '../calendarModel';
import { AppointmentDrawer } from './AppointmentDrawer';
import { BlockTimeModal } from './BlockTimeModal';
import { BookOnBehalfModal } from './BookOnBehalfModal';
import classes from './PracticeCalendar.module.css';
import { videoStatusText } from './VideoVisitBadge';

const HOUR_HEIGHT = 72;
const PX_PER_MINUTE = HOUR_HEIGHT / 60;
const MONTH_CHIPS = 3;
const LEGEND: AppointmentStatus[] = [
  'Pending',
  'Scheduled',
  'Confirmed',
  'Arrived',
  'Checked-In',
  'In Progress',
  'Checked-Out',
  'No-Show',
  'Canceled',
];

const toneStyle = (status: AppointmentStatus) =>
  ({
    '--tone-soft': `var(--mantine-color-${STATUS_TONE[status]}-1)`,
    '--tone-strong': `var(--mantine-color-${STATUS_TONE[status]}-6)`,
  }) as CSSProperties;

interface Column {
  key: string;
  label: string;
  sub?: string;
  day: DayKey;
  appointments: PracticeAppointment[];
  blocks: ScheduleException[];
}

/**
 * The practice calendar: day (a column per provider), week and month views of the practice's appointments,
 * filtered by provider, resource and location, coloured by status. An appointment opens its details and status
 * moves; staff book on behalf of a patient and block time off. Live through the appointments hub.
 */
export function PracticeCalendar({
  context,
  today,
  initialProviderIds = [],
  initialAppointment = null,
  onAppointmentClosed,
  canBlock,
}: {
  context: PracticeCalendarContext;
  today: DayKey;
  initialProviderIds?: string[];
  /** An appointment the address asks to open (another screen's link): the calendar opens on its day with its details. */
  initialAppointment?: CalendarAppointment | null;
  onAppointmentClosed?: () => void;
  /** Blocking time off is for the practice's staff and admins (the scheduling module's rule). */
  canBlock: boolean;
}) {
  const { t, i18n } = useTranslation('practiceDay');
  const locale = dateLocale(i18n.language);
  const zone = context.TimeZone;
  // A provider's own calendar opens on their week; the practice's on today's columns, one per provider.
  const [view, setView] = useState<CalendarView>(
    initialProviderIds.length && !initialAppointment ? 'week' : 'day',
  );
  const [anchor, setAnchor] = useState<DayKey>(initialAppointment?.day ?? today);
  const [providerIds, setProviderIds] = useState<string[]>(initialProviderIds);
  const [resourceId, setResourceId] = useState<string | null>(null);
  const [locationId, setLocationId] = useState<string | null>(null);
  const [openId, setOpenId] = useState<string | null>(initialAppointment?.id ?? null);
  const [booking, setBooking] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [lifting, setLifting] = useState<ScheduleException | null>(null);
  const lift = useLiftBlock();
  const showError = useShowApiError();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);

  const days = useMemo(() => visibleDays(view, anchor), [view, anchor]);
  const range = useMemo(() => rangeOf(days, zone), [days, zone]);
  const appointments = useAppointments({
    ...range,
    providerIds,
    ...(resourceId ? { resourceIds: [resourceId] } : {}),
    ...(locationId ? { locationIds: [locationId] } : {}),
  });
  const blocks = useBlocks(range.from, range.to);
  const list = useMemo(() => appointments.data?.Data ?? [], [appointments.data]);
  // Each video visit's live TeleVisitStatus (waiting, in call, ended), shown on its event.
  const video = useTeleVisitStatuses(list);
  const videoText = (a: PracticeAppointment) => videoStatusText(t, video.get(a.Id));

  // Schedules in view: the chosen providers' (all when none is chosen), at the chosen location.
  const schedules = context.Schedules.filter(
    (s) =>
      (!providerIds.length || (s.PractitionerId && providerIds.includes(s.PractitionerId))) &&
      (!locationId || s.LocationId === locationId),
  );
  const scheduleIds = new Set(schedules.map((s) => s.Id));
  const visibleBlocks = resourceId
    ? []
    : (blocks.data?.Data ?? []).filter((b) => scheduleIds.has(b.ScheduleId));
  const providerOf = (scheduleId: string) =>
    context.Schedules.find((s) => s.Id === scheduleId)?.PractitionerId ?? null;
  const providerName = (id: string | null) => context.Providers.find((p) => p.Id === id)?.Name ?? '';
  const open = list.find((a) => a.Id === openId) ?? null;

  // The columns of the view: one per provider on a day, one per day otherwise (a practice's day is small).
  const dayProviderIds = providerIds.length
    ? providerIds
    : [
        ...new Set([
          ...schedules.map((s) => s.PractitionerId).filter((x): x is string => !!x),
          ...list.map((a) => a.ProviderId).filter((x): x is string => !!x),
        ]),
      ];
  const byDay = groupByDay(list, (a) => a.StartTime, zone);
  const columns: Column[] =
    view === 'day'
      ? context.Providers.filter((p) => dayProviderIds.includes(p.Id)).map((p) => ({
          key: p.Id,
          label: p.Name,
          day: anchor,
          appointments: list.filter((a) => a.ProviderId === p.Id),
          blocks: visibleBlocks.filter((b) => providerOf(b.ScheduleId) === p.Id),
        }))
      : days.map((day) => ({
          key: day,
          label: formatDay(day, 'EEE', locale),
          sub: formatDay(day, 'd', locale),
          day,
          appointments: byDay.get(day) ?? [],
          blocks: visibleBlocks.filter(
            (b) => dayKeyOf(b.Start, zone) === day || dayKeyOf(b.End, zone) === day,
          ),
        }));

  const hours = hoursFor(
    [
      ...list.map((a) => ({ start: a.StartTime, end: a.EndTime })),
      ...visibleBlocks.map((b) => ({ start: b.Start, end: b.End })),
    ],
    zone,
  );
  const title =
    view === 'day'
      ? formatLongDay(anchor, 'EEEE, PPP', locale)
      : view === 'week'
        ? `${formatLongDay(days[0]!, 'PP', locale)} – ${formatLongDay(days[6]!, 'PP', locale)}`
        : formatDay(anchor, 'MMMM yyyy', locale);

  const eventLabel = (a: PracticeAppointment) => {
    const label = t('calendar.eventLabel', {
      time: formatSlotTime(a.StartTime, zone, locale),
      patient: patientName(a),
      status: t(statusKey(a.Status)),
      provider: providerName(a.ProviderId),
    });
    const live = videoText(a);
    return live ? `${label}, ${live}` : label;
  };

  const nowMinute = minuteOfDay(new Date(now).toISOString(), zone);
  const todayKey = dayKeyOf(new Date(now), zone);

  return (
    <Stack gap="md">
      <Paper withBorder radius="lg" p="sm">
        <Group justify="space-between" gap="sm" wrap="wrap">
          {/* On a phone the title wraps under the buttons instead of squeezing 'Today' out of its button. */}
          <Group gap="xs" wrap="wrap">
            <Button variant="default" onClick={() => setAnchor(today)}>
              {t('calendar.today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('calendar.previous')}
              onClick={() => setAnchor((a) => shiftAnchor(view, a, -1))}
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('calendar.next')}
              onClick={() => setAnchor((a) => shiftAnchor(view, a, 1))}
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
            <Text fw={700} fz="lg" ml={4} aria-live="polite" data-testid="calendar-title">
              {title}
            </Text>
          </Group>
          <Group gap="sm" wrap="wrap">
            <SegmentedControl
              aria-label={t('calendar.view')}
              value={view}
              onChange={(v) => setView(v)}
              data={CALENDAR_VIEWS.map((v) => ({ value: v, label: t(`calendar.views.${v}`) }))}
            />
            <Button leftSection={<IconCalendarPlus size={16} aria-hidden />} onClick={() => setBooking(true)}>
              {t('calendar.book')}
            </Button>
            {canBlock ? (
              <Button
                variant="default"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => setBlocking(true)}
              >
                {t('calendar.block')}
              </Button>
            ) : null}
          </Group>
        </Group>
        <Group gap="sm" mt="sm" wrap="wrap" align="flex-end">
          <MultiSelect
            label={t('calendar.providers')}
            placeholder={providerIds.length ? undefined : t('calendar.allProviders')}
            data={context.Providers.map((p) => ({ value: p.Id, label: p.Name }))}
            value={providerIds}
            onChange={setProviderIds}
            searchable
            clearable
            w={300}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('calendar.resource')}
            placeholder={t('calendar.allResources')}
            data={context.Resources.map((r) => ({ value: r.Id, label: r.Name }))}
            value={resourceId}
            onChange={setResourceId}
            clearable
            w={220}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label={t('calendar.location')}
            placeholder={t('calendar.allLocations')}
            data={context.Locations.map((l) => ({ value: l.Id, label: l.Name }))}
            value={locationId}
            onChange={setLocationId}
            clearable
            w={240}
            comboboxProps={{ withinPortal: true }}
          />
          <Group gap={10} ml="auto" wrap="wrap" aria-label={t('calendar.legend')} role="list">
            {LEGEND.map((s) => (
              <Group key={s} gap={4} wrap="nowrap" role="listitem">
                <span className={classes.legendDot} style={toneStyle(s)} aria-hidden />
                <Text size="xs" c="dimmed">
                  {t(statusKey(s))}
                </Text>
              </Group>
            ))}
          </Group>
        </Group>
      </Paper>

      {appointments.error ? (
        <Alert color="red" role="alert">
          {appointments.error.message}
        </Alert>
      ) : null}
      {appointments.isPending ? (
        <LoadingSpinner />
      ) : view === 'month' ? (
        <section className={classes.frame} aria-label={title}>
          <div className={classes.head} style={{ gridTemplateColumns: 'repeat(7, minmax(0, 1fr))' }}>
            {days.slice(0, 7).map((d) => (
              <div key={d} className={classes.headCell}>
                <Text size="xs" fw={600} c="dimmed" tt="uppercase">
                  {formatDay(d, 'EEE', locale)}
                </Text>
              </div>
            ))}
          </div>
          <div className={classes.month}>
            {columns.map((c) => {
              const shown = c.appointments.slice(0, MONTH_CHIPS);
              const more = c.appointments.length - shown.length;
              const inMonth = c.day.slice(0, 7) === anchor.slice(0, 7);
              return (
                <div
                  key={c.key}
                  className={`${classes.monthCell} ${inMonth ? '' : classes.outside}`}
                  aria-label={formatLongDay(c.day, 'PPPP', locale)}
                  role="group"
                >
                  <Text
                    size="sm"
                    fw={c.day === todayKey ? 700 : 500}
                    className={c.day === todayKey ? classes.today : undefined}
                  >
                    {c.day === todayKey ? <span className={classes.todayDot}>{c.sub}</span> : c.sub}
                  </Text>
                  {shown.map((a) => (
                    <button
                      key={a.Id}
                      type="button"
                      className={`${classes.chip} ${isInactive(a.Status) ? classes.inactive : ''}`}
                      style={toneStyle(a.Status)}
                      onClick={() => setOpenId(a.Id)}
                      aria-label={eventLabel(a)}
                    >
                      <b>{formatSlotTime(a.StartTime, zone, locale)}</b> {patientName(a)}
                    </button>
                  ))}
                  {more > 0 ? (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      mt={2}
                      onClick={() => {
                        setAnchor(c.day);
                        setView('day');
                      }}
                    >
                      {t('calendar.more', { count: more })}
                    </Button>
                  ) : null}
                </div>
              );
            })}
          </div>
        </section>
      ) : columns.length === 0 ? (
        <Paper withBorder radius="lg" p="xl">
          <Text c="dimmed" ta="center">
            {t('calendar.noColumns')}
          </Text>
        </Paper>
      ) : (
        <section className={classes.frame} aria-label={title}>
          {/* Focusable, so keyboard users can scroll the day's hours and the provider columns. */}
          <div className={classes.scroll} tabIndex={0} aria-label={t('calendar.grid')}>
            <div
              className={classes.head}
              style={{
                gridTemplateColumns: `64px repeat(${columns.length}, minmax(140px, 1fr))`,
                minWidth: 64 + columns.length * 140,
              }}
            >
              <div />
              {columns.map((c) => (
                <div
                  key={c.key}
                  className={`${classes.headCell} ${view === 'week' && c.day === todayKey ? classes.today : ''}`}
                >
                  <Text
                    size="xs"
                    fw={600}
                    c={view === 'week' && c.day === todayKey ? undefined : 'dimmed'}
                    tt={view === 'week' ? 'uppercase' : undefined}
                    truncate
                  >
                    {c.label}
                  </Text>
                  {c.sub ? (
                    <Text fw={700} fz="lg">
                      {c.day === todayKey ? <span className={classes.todayDot}>{c.sub}</span> : c.sub}
                    </Text>
                  ) : (
                    <Text size="xs" c="dimmed">
                      {t('calendar.visits', {
                        count: c.appointments.filter((a) => !isInactive(a.Status)).length,
                      })}
                    </Text>
                  )}
                </div>
              ))}
            </div>
            <div
              className={classes.body}
              style={{
                gridTemplateColumns: `64px repeat(${columns.length}, minmax(140px, 1fr))`,
                minWidth: 64 + columns.length * 140,
                height: (hours.end - hours.start) * HOUR_HEIGHT,
                ['--hour-height' as string]: `${HOUR_HEIGHT}px`,
              }}
            >
              <div className={classes.gutter} aria-hidden>
                {Array.from({ length: hours.end - hours.start }, (_, i) => (
                  <span
                    key={i}
                    className={classes.hourLabel}
                    style={{ top: i * HOUR_HEIGHT + (i === 0 ? 8 : 0) }}
                  >
                    {hourLabel(hours.start + i, locale)}
                  </span>
                ))}
              </div>
              {columns.map((c) => (
                <div
                  key={c.key}
                  className={`${classes.column} ${view === 'week' && c.day === todayKey ? classes.columnToday : ''}`}
                  role="group"
                  aria-label={view === 'day' ? c.label : formatLongDay(c.day, 'PPPP', locale)}
                >
                  {layoutDay(c.blocks, (b) => ({ start: b.Start, end: b.End }), c.day, zone, hours.start).map(
                    (p) => (
                      <Tooltip key={p.item.Id} label={t('calendar.liftHint')} withArrow disabled={!canBlock}>
                        <button
                          type="button"
                          className={classes.block}
                          style={{ top: p.top * PX_PER_MINUTE, height: p.height * PX_PER_MINUTE }}
                          onClick={() => canBlock && setLifting(p.item)}
                          aria-label={t('calendar.blockLabel', {
                            reason: p.item.Note ?? '',
                            from: formatSlotTime(p.item.Start, zone, locale),
                            to: formatSlotTime(p.item.End, zone, locale),
                          })}
                        >
                          <b>{t('calendar.blocked')}</b> · {p.item.Note ?? ''}
                        </button>
                      </Tooltip>
                    ),
                  )}
                  {layoutDay(
                    c.appointments,
                    (a) => ({ start: a.StartTime, end: a.EndTime }),
                    c.day,
                    zone,
                    hours.start,
                  ).map((p) => (
                    <button
                      key={p.item.Id}
                      type="button"
                      className={`${classes.event} ${isInactive(p.item.Status) ? classes.inactive : ''}`}
                      style={{
                        ...toneStyle(p.item.Status),
                        top: p.top * PX_PER_MINUTE + 1,
                        height: p.height * PX_PER_MINUTE - 2,
                        left: `calc(${(p.lane / p.lanes) * 100}% + 2px)`,
                        width: `calc(${100 / p.lanes}% - 4px)`,
                      }}
                      onClick={() => setOpenId(p.item.Id)}
                      aria-label={eventLabel(p.item)}
                      data-status={p.item.Status}
                    >
                      <div className={classes.eventName}>{patientName(p.item)}</div>
                      <div className={classes.eventMeta}>
                        {formatSlotTime(p.item.StartTime, zone, locale)} · {t(statusKey(p.item.Status))}
                        {videoText(p.item) ? (
                          <span data-video-status={video.get(p.item.Id)?.Status}>
                            {` · ${videoText(p.item)}`}
                          </span>
                        ) : null}
                        {view === 'week' && !providerIds.length
                          ? ` · ${providerName(p.item.ProviderId)}`
                          : ''}
                      </div>
                    </button>
                  ))}
                  {c.day === todayKey && nowMinute >= hours.start * 60 && nowMinute < hours.end * 60 ? (
                    <div
                      className={`${classes.now} ${c === columns[0] ? classes.nowFirst : ''}`}
                      style={{ top: (nowMinute - hours.start * 60) * PX_PER_MINUTE }}
                      aria-hidden
                    />
                  ) : null}
                </div>
              ))}
            </div>
          </div>
        </section>
      )}

      <AppointmentDrawer
        appointment={open}
        context={context}
        onClose={() => {
          if (openId === initialAppointment?.id) onAppointmentClosed?.();
          setOpenId(null);
        }}
      />
      {booking ? (
        <BookOnBehalfModal
          opened
          onClose={() => setBooking(false)}
          context={context}
          day={view === 'month' ? today : anchor}
          defaultScheduleId={schedules[0]?.Id ?? null}
        />
      ) : null}
      {blocking ? (
        <BlockTimeModal
          opened
          onClose={() => setBlocking(false)}
          context={context}
          day={view === 'month' ? today : anchor}
          defaultScheduleId={schedules[0]?.Id ?? null}
        />
      ) : null}
      <AppDialog
        opened={!!lifting}
        onClose={() => setLifting(null)}
        title={t('calendar.liftTitle')}
        message={
          lifting
            ? t('calendar.liftMessage', {
                reason: lifting.Note ?? '',
                from: formatSlotTime(lifting.Start, zone, locale),
                to: formatSlotTime(lifting.End, zone, locale),
              })
            : ''
        }
        secondary={{ label: t('calendar.keep'), onClick: () => setLifting(null) }}
        primary={{
          label: t('calendar.lift'),
          loading: lift.isPending,
          onClick: () =>
            lifting &&
            lift.mutate(lifting, {
              onSuccess: () => {
                setLifting(null);
                toast.success(t('calendar.lifted'));
              },
              onError: showError,
            }),
        }}
      />
    </Stack>
  );
}
