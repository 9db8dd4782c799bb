// The book editor's entry: the page's language, then the application.
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { english } from './i18n';
import './editor.css';

document.documentElement.lang = english ? 'en' : 'ru';
createRoot(document.getElementById('editor')!).render(<App />);
