/**
 * The practice-day module's public face: the read model of the practice's day (calendar search, check-in list,
 * walk-in queue, hotlist, blocked time, calendar context) over the appointments module's record.
 */
export { practiceDayRoutes } from './routes';
export { dayWindow } from './service';
