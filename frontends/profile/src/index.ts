// Async boundary: shared singletons are negotiated before the app code runs.
void import('./bootstrap');
