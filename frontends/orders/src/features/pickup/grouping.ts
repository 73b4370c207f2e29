import type { StopAddress, TaskDto } from '@mediport/contracts';
import { PICKUP_TEXTS as T } from './messages';
import type { PickupGrouping } from './pickup-request';

/** One stop of a driver's round (a practice or a care home) with its orders. */
export interface StopGroup {
  /** The doctor's or home's id; '' for the orders without one. */
  id: string;
  name: string;
  address: StopAddress | null;
  /** Doctors by last name, homes by name. */
  sortKey: string;
  tasks: TaskDto[];
}

export const personName = (p: { title?: string; firstname: string; lastname: string } | null | undefined) => (p ? [p.title, p.firstname, p.lastname].filter(Boolean).join(' ') : '');
export const patientName = (task: TaskDto) => personName(task.patientDetails);
export const doctorName = (task: TaskDto) => personName(task.doctorDetails);
export const homeName = (task: TaskDto) => task.homeDetails?.name ?? '';

/** "Lindenweg 3, 10115 Berlin" (what is known of it). */
export function addressLine(address: StopAddress | null): string {
  if (!address) return '';
  const town = [address.postalCode, address.city].filter(Boolean).join(' ');
  return [address.street, town].filter(Boolean).join(', ');
}

/** A phone number as a tel: link takes it: digits and a leading +. */
export function telHref(phone: string): string {
  const trimmed = phone.trim();
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${trimmed.replace(/\D/g, '')}`;
}

function stopOf(task: TaskDto, by: PickupGrouping): Omit<StopGroup, 'tasks'> {
  if (by === 'doctor')
    return task.doctorDetails
      ? { id: task.doctorDetails._id, name: [doctorName(task), task.stops.doctor?.name].filter(Boolean).join(' · '), address: task.stops.doctor, sortKey: `${task.doctorDetails.lastname} ${task.doctorDetails.firstname}` }
      : { id: '', name: T.noDoctor, address: null, sortKey: '' };
  return task.homeDetails ? { id: task.homeDetails._id, name: homeName(task), address: task.stops.home, sortKey: homeName(task) } : { id: '', name: T.noHome, address: null, sortKey: '' };
}

/**
 * The orders by doctor or care home, the stops by (last) name (the orders without one last), each
 * stop's orders in the server's order (most urgent first).
 */
export function groupTasks(tasks: readonly TaskDto[], by: PickupGrouping): StopGroup[] {
  const groups = new Map<string, StopGroup>();
  for (const task of tasks) {
    const stop = stopOf(task, by);
    let group = groups.get(stop.id);
    if (!group) groups.set(stop.id, (group = { ...stop, tasks: [] }));
    group.tasks.push(task);
  }
  return [...groups.values()].sort((a, b) => Number(a.id === '') - Number(b.id === '') || a.sortKey.localeCompare(b.sortKey, 'de'));
}
