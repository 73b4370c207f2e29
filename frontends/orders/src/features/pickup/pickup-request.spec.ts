import { aTask } from '../list/testing/task-fixtures';
import { groupTasks } from './grouping';
import { pickupQuery } from './pickup-request';
import { aRound } from './testing/pickup-fixtures';

describe('pickupQuery', () => {
  it('asks for the orders on the road with the pickup seen marks, or for the ready ones of the types a sheet takes', () => {
    expect(pickupQuery('road', { home: '', doctor: '', notSeen: false })).toEqual({ 'filter[status]': 'pickup,delivery', 'filter[pickup]': '1', offset: 0, limit: 999 });
    expect(pickupQuery('ready', { home: 'h1', doctor: 'd1', notSeen: true })).toEqual({
      'filter[status]': 'new',
      'filter[type]': '1,3,4',
      'filter[home]': 'h1',
      'filter[doctor]': 'd1',
      'filter[notSeen]': '1',
      offset: 0,
      limit: 999,
    });
  });
});

describe('groupTasks', () => {
  it('groups by doctor (by last name) or home (by name), the orders without one last, keeping the order of the rows', () => {
    const homeless = aTask({ _id: 't4', home: null, homeDetails: null, doctor: null, doctorDetails: null, stops: { home: null, doctor: null } });
    const tasks = [homeless, ...aRound()];
    expect(groupTasks(tasks, 'doctor').map((g) => [g.name, g.tasks.map((t) => t._id)])).toEqual([
      ['Dr. Jan Berg · Praxis Dr. Berg', ['t1', 't3']],
      ['Dr. Eva Roth', ['t2']],
      ['Ohne Arzt', ['t4']],
    ]);
    expect(groupTasks(tasks, 'home').map((g) => [g.name, g.address?.street ?? null, g.tasks.map((t) => t._id)])).toEqual([
      ['Haus Linde', 'Birkenallee 7', ['t3']],
      ['Haus Sonnenschein', 'Lindenweg 3', ['t1', 't2']],
      ['Ohne Einrichtung', null, ['t4']],
    ]);
  });
});
