import { act, render } from '@testing-library/react';
import { SOCKET_EVENTS } from '@mediport/contracts';
import { receiveLiveEvent, useLiveEvent } from './live.js';

function Listener({ onTask }: { onTask: (id: string) => void }) {
  useLiveEvent(SOCKET_EVENTS.newTask, (p) => onTask(p.taskId));
  return null;
}

describe('useLiveEvent', () => {
  it('listens while mounted, with the latest handler', () => {
    const first: string[] = [];
    const second: string[] = [];
    const view = render(<Listener onTask={(id) => first.push(id)} />);
    act(() => receiveLiveEvent(SOCKET_EVENTS.newTask, { taskId: 'a' }));
    view.rerender(<Listener onTask={(id) => second.push(id)} />);
    act(() => receiveLiveEvent(SOCKET_EVENTS.newTask, { taskId: 'b' }));
    act(() => receiveLiveEvent(SOCKET_EVENTS.newEvent, { taskId: 'c', eventId: 'e' }));
    view.unmount();
    act(() => receiveLiveEvent(SOCKET_EVENTS.newTask, { taskId: 'd' }));
    expect(first).toEqual(['a']);
    expect(second).toEqual(['b']);
  });
});
