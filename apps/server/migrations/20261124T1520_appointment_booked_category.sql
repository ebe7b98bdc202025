-- Which capacity counter of its slot a booked appointment took (decision 0018: a slot counts its places per service
-- category when categories carry capacities, else under the nil uuid). Cancelling, rejecting or rescheduling gives
-- back exactly that counter's place. Null for appointments that took no slot (walk-ins at the desk) and for rows
-- booked before this column existed: those give back any counter with a place taken, as before.
alter table appointments add column booked_category_id uuid;
