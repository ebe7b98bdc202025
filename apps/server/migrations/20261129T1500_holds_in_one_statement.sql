-- Holds, releases and hand-overs in one round trip (issue 29 item 1, docs/decisions/0101-holds-in-one-statement.md).
-- Each is one call of a function: its statements run in the call's own transaction, each with a fresh snapshot
-- (READ COMMITTED, a VOLATILE function), so what they count after taking the advisory locks is what committed
-- before them, exactly as the separate statements of a transaction were. The locks are the ones the code took
-- before (hashtextextended of the same keys, in the same sorted order), so other paths that take them
-- (takeSlotForBooking's slot lock) still exclude these.

-- Appends one domain event in the caller's transaction, as platform/events.ts appendEvents does (the
-- aggregate's lock, version = max + 1). When no earlier event of the aggregate waits for its fan-out, the event
-- is fanned out here at once: a delivery row per consumer, `delivered` for the hub consumers the caller
-- announces in process after the commit, `pending` for the others (and only then a NOTIFY wakes the
-- dispatchers). Otherwise it is left to the dispatcher like any appended event (and NOTIFY).
create function domain_event_append(
  p_id uuid, p_aggregate_type text, p_aggregate_id text, p_type text, p_payload jsonb,
  p_delivered text[], p_pending text[]
) returns table (version bigint, dispatched boolean) language plpgsql volatile as $$
#variable_conflict use_column
declare
  v_head boolean;
  v_version bigint;
  v_seq bigint;
begin
  perform pg_advisory_xact_lock(hashtext('domain-event:' || p_aggregate_type || ':' || p_aggregate_id));
  v_head := not exists (select 1 from domain_events e
                         where e.aggregate_type = p_aggregate_type and e.aggregate_id = p_aggregate_id
                           and e.dispatched_at is null);
  insert into domain_events (id, aggregate_type, aggregate_id, version, type, payload, occurred_at, dispatched_at)
  select p_id, p_aggregate_type, p_aggregate_id, coalesce(max(e.version), 0) + 1, p_type, p_payload, now(),
         case when v_head then now() end
    from domain_events e where e.aggregate_type = p_aggregate_type and e.aggregate_id = p_aggregate_id
  returning domain_events.version, domain_events.seq into v_version, v_seq;
  if v_head then
    insert into domain_event_deliveries
      (consumer, event_id, seq, aggregate_type, aggregate_id, version, status, delivered_at, attempts)
    select c, p_id, v_seq, p_aggregate_type, p_aggregate_id, v_version, 'delivered', now(), 1
      from unnest(p_delivered) as c
    union all
    select c, p_id, v_seq, p_aggregate_type, p_aggregate_id, v_version, 'pending', null, 0
      from unnest(p_pending) as c
    on conflict do nothing;
    if cardinality(p_pending) > 0 then perform pg_notify('domain_events', ''); end if;
  else
    perform pg_notify('domain_events', '');
  end if;
  return query select v_version, v_head;
end;
$$;

-- A hold (store.ts holdInOneStatement): the guest's ticket (when p_guest_address is set), the holder's cap,
-- a place of the first counter with room (the schedule's capacity caps all counters together), expired holds
-- of a full slot given back once, the hold row, and its `slot.changed` event. Answers a status
-- ('stale', 'guest_limit', 'too_many_holds', 'full', 'held') with, when held, the counter taken, every
-- counter's places taken and the event's version.
create function scheduling_hold(
  p_lock_keys text[], p_schedule uuid, p_version integer, p_start timestamptz,
  p_categories uuid[], p_capacities integer[], p_ceiling integer,
  p_hold uuid, p_session text, p_patient uuid, p_now timestamptz, p_expires timestamptz, p_max_active integer,
  p_guest_address text, p_per_address integer, p_per_calendar integer,
  p_event uuid, p_slot_id text, p_payload jsonb, p_delivered text[], p_pending text[]
) returns jsonb language plpgsql volatile as $$
declare
  v_key text;
  v_active integer;
  v_by_address integer;
  v_by_calendar integer;
  v_taken integer;
  v_category uuid;
  v_released integer;
  v_event record;
begin
  if not exists (select 1 from schedules where id = p_schedule and version = p_version and online_booking_enabled) then
    return jsonb_build_object('status', 'stale');
  end if;
  foreach v_key in array p_lock_keys loop
    perform pg_advisory_xact_lock(hashtextextended(v_key, 0));
  end loop;
  if p_guest_address is not null then
    delete from scheduling_guest_hold_tickets
     where expires_at <= p_now and (address = p_guest_address or schedule_id = p_schedule);
    select count(*) filter (where address = p_guest_address), count(*) filter (where schedule_id = p_schedule)
      into v_by_address, v_by_calendar
      from scheduling_guest_hold_tickets where address = p_guest_address or schedule_id = p_schedule;
    if v_by_address >= p_per_address or v_by_calendar >= p_per_calendar then
      return jsonb_build_object('status', 'guest_limit');
    end if;
  end if;
  select count(*) into v_active from slot_holds
   where expires_at > p_now and (session_id = p_session or patient_id = p_patient);
  if v_active >= p_max_active then
    return jsonb_build_object('status', 'too_many_holds');
  end if;
  for attempt in 1..2 loop
    for i in 1..coalesce(array_length(p_categories, 1), 0) loop
      v_taken := null;
      insert into slot_capacity (schedule_id, start_at, category_id, capacity, taken)
      select p_schedule, p_start, p_categories[i], p_capacities[i], 1
       where (select coalesce(sum(c.taken), 0) from slot_capacity c
               where c.schedule_id = p_schedule and c.start_at = p_start) < p_ceiling
      on conflict (schedule_id, start_at, category_id) do update set taken = slot_capacity.taken + 1
        where slot_capacity.taken < slot_capacity.capacity
      returning taken into v_taken;
      if v_taken is not null then
        v_category := p_categories[i];
        exit;
      end if;
    end loop;
    exit when v_category is not null or attempt = 2;
    -- Full: this slot's expired holds give their places back (once), then the counters are tried again.
    with gone as (
      delete from slot_holds
       where expires_at <= p_now and schedule_id = p_schedule and start_at = p_start
      returning category_id
    ), counts as (select category_id, count(*)::int as n from gone group by category_id)
    update slot_capacity c set taken = c.taken - counts.n
      from counts
     where c.schedule_id = p_schedule and c.start_at = p_start and c.category_id = counts.category_id;
    get diagnostics v_released = row_count;
    exit when v_released = 0;
  end loop;
  if v_category is null then
    return jsonb_build_object('status', 'full');
  end if;
  insert into slot_holds (id, schedule_id, start_at, category_id, session_id, patient_id, expires_at)
  values (p_hold, p_schedule, p_start, v_category, p_session, p_patient, p_expires);
  if p_guest_address is not null then
    insert into scheduling_guest_hold_tickets (id, address, schedule_id, start_at, session_id, expires_at)
    values (p_hold, p_guest_address, p_schedule, p_start, p_session, p_expires);
  end if;
  select * into v_event from domain_event_append(p_event, 'slot', p_slot_id, 'slot.changed', p_payload,
                                                 p_delivered, p_pending);
  return jsonb_build_object(
    'status', 'held',
    'category', v_category,
    'counts', (select coalesce(jsonb_object_agg(c.category_id, c.taken), '{}'::jsonb) from slot_capacity c
                where c.schedule_id = p_schedule and c.start_at = p_start),
    'version', v_event.version);
end;
$$;

-- A release (store.ts releaseInOneStatement): one hold of the session per wanted slot goes, its place comes
-- back, and each slot given back gets its `slot.changed` event. Answers, per slot given back, its places taken
-- per counter and the event's id and version.
create function scheduling_release(
  p_schedules uuid[], p_starts timestamptz[], p_slot_ids text[], p_starts_iso text[], p_session text,
  p_delivered text[], p_pending text[]
) returns jsonb language plpgsql volatile as $$
declare
  v_slot record;
  v_event record;
  v_id uuid;
  v_out jsonb := '[]'::jsonb;
  v_rows jsonb;
begin
  with wanted as (
    select * from unnest(p_schedules, p_starts, p_slot_ids, p_starts_iso) as w(schedule_id, start_at, slot_id, iso)
  ), gone as (
    delete from slot_holds where id in (
      select distinct on (h.schedule_id, h.start_at) h.id
        from slot_holds h join wanted w on h.schedule_id = w.schedule_id and h.start_at = w.start_at
       where h.session_id = p_session
       order by h.schedule_id, h.start_at, h.expires_at)
    returning schedule_id, start_at, category_id
  ), back as (
    update slot_capacity c set taken = c.taken - 1
      from gone
     where c.schedule_id = gone.schedule_id and c.start_at = gone.start_at and c.category_id = gone.category_id
    returning c.schedule_id, c.start_at
  )
  -- In slot order, so two releases take the events' locks in one order.
  select coalesce(jsonb_agg(jsonb_build_object('s', x.schedule_id, 't', x.start_at, 'id', x.slot_id, 'iso', x.iso)
                            order by x.slot_id), '[]'::jsonb)
    into v_rows
    from (select distinct w.schedule_id, w.start_at, w.slot_id, w.iso
            from back join wanted w on w.schedule_id = back.schedule_id and w.start_at = back.start_at) x;
  for v_slot in select * from jsonb_to_recordset(v_rows) as r(s uuid, t timestamptz, id text, iso text)
  loop
    v_id := gen_random_uuid();
    select * into v_event from domain_event_append(v_id, 'slot', v_slot.id, 'slot.changed',
      jsonb_build_object('kind', 'returned', 'scheduleId', v_slot.s, 'start', v_slot.iso),
      p_delivered, p_pending);
    v_out := v_out || jsonb_build_array(jsonb_build_object(
      'scheduleId', v_slot.s,
      'start', v_slot.iso,
      'eventId', v_id,
      'version', v_event.version,
      'counts', (select coalesce(jsonb_object_agg(c.category_id, c.taken), '{}'::jsonb) from slot_capacity c
                  where c.schedule_id = v_slot.s and c.start_at = v_slot.t)));
  end loop;
  return v_out;
end;
$$;

-- A hand-over (store.ts handOverInOneStatement): under both holders' locks, a guest session's live holds move
-- to the signed-in session, no more than it has room for. Answers how many moved.
create function scheduling_hand_over(
  p_lock_keys text[], p_from text, p_to text, p_now timestamptz, p_max_active integer
) returns integer language plpgsql volatile as $$
declare
  v_key text;
  v_moved integer;
begin
  foreach v_key in array p_lock_keys loop
    perform pg_advisory_xact_lock(hashtextextended(v_key, 0));
  end loop;
  update slot_holds set session_id = p_to
   where id in (select id from slot_holds where session_id = p_from and expires_at > p_now
                 order by expires_at desc
                 limit greatest(p_max_active - (select count(*) from slot_holds
                                                 where session_id = p_to and expires_at > p_now), 0));
  get diagnostics v_moved = row_count;
  return v_moved;
end;
$$;
