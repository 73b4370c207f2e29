// Orders on the pickup list and the browser parts jsdom lacks (canvas, geolocation), for the pickup tests.
import type { TaskDto } from '@mediport/contracts';
import { aTask } from '../../list/testing/task-fixtures';

export const BERG = { _id: 'd1', title: 'Dr.', firstname: 'Jan', lastname: 'Berg', email: 'berg@praxis.de', fax: '030 123456' };
export const ROTH = { _id: 'd2', title: 'Dr.', firstname: 'Eva', lastname: 'Roth', email: '', fax: '' };
export const SONNENSCHEIN = { _id: 'h1', name: 'Haus Sonnenschein' };
export const LINDE = { _id: 'h2', name: 'Haus Linde' };

export const BERG_STOP = { name: 'Praxis Dr. Berg', street: 'Praxisstraße 1', postalCode: '10117', city: 'Berlin', phone: '030 123450' };
export const ROTH_STOP = { name: '', street: 'Am Markt 5', postalCode: '14467', city: 'Potsdam', phone: '0331 98765' };
export const SONNENSCHEIN_STOP = { name: 'Haus Sonnenschein', street: 'Lindenweg 3', postalCode: '10115', city: 'Berlin', phone: '030 111222' };
export const LINDE_STOP = { name: 'Haus Linde', street: 'Birkenallee 7', postalCode: '12043', city: 'Berlin', phone: '+49 30 444555' };

/** An order handed to the drivers (status pickup by default); the fake server answers its `actions` for the signed-in user. */
export function aPickupTask(overrides: Partial<TaskDto> = {}): TaskDto {
  return aTask({ status: 'pickup', ...overrides });
}

/** Three orders at two practices and two homes: Erna (Berg, Sonnenschein), Otto (Roth, Sonnenschein), Ida (Berg, Linde). */
export function aRound(overrides: Partial<TaskDto> = {}): TaskDto[] {
  return [
    aPickupTask({ _id: 't1', ...overrides }),
    aPickupTask({
      _id: 't2',
      patientDetails: { _id: 'p2', firstname: 'Otto', lastname: 'Kern', dateOfBirth: '03.04.1938' },
      doctor: 'd2',
      doctorDetails: ROTH,
      medicine: 'Metoprolol',
      stops: { home: SONNENSCHEIN_STOP, doctor: ROTH_STOP },
      ...overrides,
    }),
    aPickupTask({
      _id: 't3',
      patientDetails: { _id: 'p3', firstname: 'Ida', lastname: 'Lang', dateOfBirth: '' },
      home: 'h2',
      homeDetails: LINDE,
      livingArea: null,
      medicine: 'Ramipril',
      stops: { home: LINDE_STOP, doctor: BERG_STOP },
      ...overrides,
    }),
  ];
}

/** A 2D context that draws nothing (jsdom has no canvas). */
function fakeContext(): Partial<CanvasRenderingContext2D> {
  const nothing = () => undefined;
  return { fillRect: nothing, beginPath: nothing, moveTo: nothing, lineTo: nothing, stroke: nothing, scale: nothing };
}

/**
 * The canvas as a browser has it, for the signature pad: a context that draws nothing, and a PNG
 * from toBlob. Returns the undo.
 */
export function installCanvas(png: Blob = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })): () => void {
  const proto = HTMLCanvasElement.prototype as unknown as Record<'getContext' | 'toBlob', unknown>;
  const original = { getContext: proto.getContext, toBlob: proto.toBlob };
  proto.getContext = function getContext() {
    return fakeContext();
  };
  proto.toBlob = function toBlob(callback: BlobCallback, type?: string) {
    callback(type === 'image/png' ? png : null);
  };
  return () => {
    proto.getContext = original.getContext;
    proto.toBlob = original.toBlob;
  };
}

/** The device's position as the browser answers it (the permission granted). Returns the undo. */
export function installGeolocation(coords: { latitude: number; longitude: number; accuracy: number }): () => void {
  const geolocation = {
    getCurrentPosition: (success: PositionCallback) => success({ coords, timestamp: Date.now() } as GeolocationPosition),
  };
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
  return () => {
    delete (navigator as { geolocation?: unknown }).geolocation;
  };
}
