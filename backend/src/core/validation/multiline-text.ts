/** Properties (per DTO class) whose strings may hold tab, line feed and carriage return. */
const multilineProperties = new WeakMap<object, Set<string>>();

/**
 * Marks a DTO property as multi-line free text (a message body, a note): tab, line feed and
 * carriage return pass the global input guard there. Every other control character, bidi
 * controls and unpaired surrogates are still refused.
 */
export function MultilineText(): PropertyDecorator {
  return (target, propertyKey) => {
    const ctor = target.constructor;
    const props = multilineProperties.get(ctor) ?? new Set<string>();
    props.add(String(propertyKey));
    multilineProperties.set(ctor, props);
  };
}

/** True when `key` of `owner` (a DTO instance) is marked @MultilineText(), on its class or a parent class. */
export function isMultilineText(owner: object, key: string): boolean {
  for (let proto = Object.getPrototypeOf(owner) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    const ctor = (proto as { constructor?: unknown }).constructor;
    if (typeof ctor === 'function' && Object.hasOwn(proto, 'constructor') && multilineProperties.get(ctor)?.has(key)) return true;
  }
  return false;
}
