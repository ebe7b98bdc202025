-- A long visit blocks every slot it covers (issue 30, item 11's remainder). A hold of a reason longer than the
-- schedule's grid takes a place in each grid slot the visit covers, not only its first: one hold row per
-- covered slot, linked to the visit's first row by lead_id (null on the first row). The holder's cap counts
-- visits (rows without lead_id); a release, a booking and a hand-over take the covered rows along with their
-- lead. Still one statement per hold, release and hand-over (decision 0101).
alter table slot_holds add column lead_id uuid;
create index slot_holds_lead_idx on slot_holds (lead_id) where lead_id is not null;

drop function scheduling_hold(text[], uuid, integer, timestamptz, uuid[], integer[], integer, uuid, text, uuid,
  timestamptz, timestamptz, integer, text, integer, integer, uuid, text, jsonb, text[], text[]);

-- A hold (store.ts holdInOneStatement), as in 20261129T1500, and then a place of the same counter in every
-- covered slot (p_covered, the grid starts after p_start that the visit also covers; their slot locks are in
-- p_lock_keys). When one of them is full the visit is not held: nothing of it stays.
create function scheduling_hold(
  p_lock_keys text[], p_schedule uuid, p_version integer, p_start timestamptz,
  p_categories uuid[], p_capacities integer[], p_ceiling integer,
  p_hold uuid, p_session text, p_patient uuid, p_now timestamptz, p_expires timestamptz, p_max_active integer,
  p_guest_address text, p_per_address integer, p_per_calendar integer,
  p_event uuid, p_slot_id text, p_payload jsonb, p_delivered text[], p_pending text[], p_covered timestamptz[]
) returns jsonb language plpgsql volatile as $$
declare
  v_key text;
  v_active integer;
  v_by_address integer;
  v_by_calendar integer;
  v_taken integer;
  v_category uuid;
  v_capacity integer;
  v_released integer;
  v_covered timestamptz;
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
   where expires_at > p_now and lead_id is null and (session_id = p_session or patient_id = p_patient);
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
        v_capacity := p_capacities[i];
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
  if coalesce(cardinality(p_covered), 0) > 0 then
    -- The covered slots' expired holds give their places back first.
    with gone as (
      delete from slot_holds
       where expires_at <= p_now and schedule_id = p_schedule and start_at = any(p_covered)
      returning start_at, category_id
    ), counts as (select start_at, category_id, count(*)::int as n from gone group by start_at, category_id)
    update slot_capacity c set taken = c.taken - counts.n
      from counts
     where c.schedule_id = p_schedule and c.start_at = counts.start_at and c.category_id = counts.category_id;
    foreach v_covered in array p_covered loop
      v_taken := null;
      insert into slot_capacity (schedule_id, start_at, category_id, capacity, taken)
      select p_schedule, v_covered, v_category, v_capacity, 1
       where (select coalesce(sum(c.taken), 0) from slot_capacity c
               where c.schedule_id = p_schedule and c.start_at = v_covered) < p_ceiling
      on conflict (schedule_id, start_at, category_id) do update set taken = slot_capacity.taken + 1
        where slot_capacity.taken < slot_capacity.capacity
      returning taken into v_taken;
      if v_taken is null then
        -- A covered slot is full: the visit does not fit; give back what it took.
        delete from slot_holds where id = p_hold or lead_id = p_hold;
        update slot_capacity c set taken = c.taken - 1
         where c.schedule_id = p_schedule and c.category_id = v_category
           and (c.start_at = p_start or (c.start_at = any(p_covered) and c.start_at < v_covered));
        return jsonb_build_object('status', 'full');
      end if;
      insert into slot_holds (id, schedule_id, start_at, category_id, session_id, patient_id, expires_at, lead_id)
      values (gen_random_uuid(), p_schedule, v_covered, v_category, p_session, p_patient, p_expires, p_hold);
    end loop;
  end if;
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

-- A release (store.ts releaseInOneStatement), as in 20261129T1500: one hold of the session per wanted slot
-- goes with the slots its visit covers, their places come back, and each wanted slot given back gets its event.
create or replace function scheduling_release(
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
  ), picked as (
    select distinct on (h.schedule_id, h.start_at) h.id
      from slot_holds h join wanted w on h.schedule_id = w.schedule_id and h.start_at = w.start_at
     where h.session_id = p_session and h.lead_id is null
     order by h.schedule_id, h.start_at, h.expires_at
  ), gone as (
    delete from slot_holds
     where id in (select id from picked) or lead_id in (select id from picked)
    returning schedule_id, start_at, category_id
  ), counts as (
    select schedule_id, start_at, category_id, count(*)::int as n from gone group by schedule_id, start_at, category_id
  ), back as (
    update slot_capacity c set taken = c.taken - counts.n
      from counts
     where c.schedule_id = counts.schedule_id and c.start_at = counts.start_at and c.category_id = counts.category_id
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

-- A hand-over (store.ts handOverInOneStatement), as in 20261129T1500: the guest session's live visits move with
-- the slots they cover, no more visits than the signed-in session has room for. Answers how many visits moved.
create or replace function scheduling_hand_over(
  p_lock_keys text[], p_from text, p_to text, p_now timestamptz, p_max_active integer
) returns integer language plpgsql volatile as $$
declare
  v_key text;
  v_moved integer;
  v_leads uuid[];
begin
  foreach v_key in array p_lock_keys loop
    perform pg_advisory_xact_lock(hashtextextended(v_key, 0));
  end loop;
  select coalesce(array_agg(id), '{}') into v_leads
    from (select id from slot_holds where session_id = p_from and expires_at > p_now and lead_id is null
           order by expires_at desc
           limit greatest(p_max_active - (select count(*) from slot_holds
                                           where session_id = p_to and expires_at > p_now and lead_id is null), 0)) l;
  update slot_holds set session_id = p_to where id = any(v_leads) or lead_id = any(v_leads);
  v_moved := cardinality(v_leads);
  return v_moved;
end;
$$;
