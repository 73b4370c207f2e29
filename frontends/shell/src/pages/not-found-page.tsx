import { ErrorPanel } from '@mediport/ui/core';
import { MESSAGES } from '../messages';

export function NotFoundPage() {
  return <ErrorPanel title={MESSAGES.notFoundTitle} message={MESSAGES.notFound} />;
}
