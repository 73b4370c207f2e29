import { registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { fetchRemoteManifests } from './federation/remotes';
import { remoteResiliencePlugin } from './federation/runtime-plugin';

// Remote locations are read at run time so a remote is redeployed without rebuilding the shell.
async function start() {
  const manifests = await fetchRemoteManifests();
  registerPlugins([
    remoteResiliencePlugin({
      fallback: async (remote) => (await import('./federation/remote-unavailable')).unavailableModule(remote),
    }),
  ]);
  registerRemotes(Object.entries(manifests).map(([name, entry]) => ({ name, entry })));
  await import('./bootstrap');
}

void start();
