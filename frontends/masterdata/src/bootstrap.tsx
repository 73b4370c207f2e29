import { mountStandalone } from '../../common/dev-harness';
import App from './App';

mountStandalone('Stammdaten', App);
