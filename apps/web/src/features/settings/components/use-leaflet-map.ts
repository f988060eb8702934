import { type RefObject, useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { DEFAULTS } from '@b2b/contracts/limits';
import { useLatest } from '@/features/settings/settings-hooks';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The set-up every map of the back office shares (the tradepoints' and the delivery zones'): centre Moscow, the
 * OpenStreetMap tiles, and Leaflet's controls in Russian — the zoom buttons' titles and screen-reader labels
 * («Приблизить», «Отдалить»; Leaflet's own are English) and the attribution line (issue 39 §4).
 */
export function createRuMap(holder: HTMLElement, options: L.MapOptions = {}): L.Map {
  const map = L.map(holder, {
    center: [DEFAULTS.mapCentre.lat, DEFAULTS.mapCentre.lng],
    zoom: 10,
    ...options,
    zoomControl: false,
    attributionControl: false,
  });
  L.control.zoom({ zoomInTitle: T.mapZoomIn, zoomOutTitle: T.mapZoomOut }).addTo(map);
  L.control.attribution({ prefix: `<a href="https://leafletjs.com" title="${T.mapLeafletTitle}">Leaflet</a>` }).addTo(map);
  L.tileLayer(TILES, { attribution: `&copy; <a href="https://www.openstreetmap.org/copyright">${T.mapOsmAuthors}</a>`, maxZoom: 19 }).addTo(map);
  return map;
}

/**
 * A map in `holder` (createRuMap) with one layer for the component's markers and shapes, `onClick` told the
 * coordinates of a click, and its size measured again once the modal or card that holds it has opened. The refs
 * are set from the component's first effect on (effects declared after this hook see them) and cleared on removal.
 */
export function useLeafletMap(
  holder: RefObject<HTMLElement | null>,
  onClick: ((lat: number, lng: number) => void) | undefined,
  options: L.MapOptions = {},
): { map: RefObject<L.Map | null>; layer: RefObject<L.LayerGroup | null> } {
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const click = useLatest(onClick);
  const optionsKey = JSON.stringify(options);

  useEffect(() => {
    if (!holder.current) return;
    const instance = createRuMap(holder.current, JSON.parse(optionsKey) as L.MapOptions);
    layer.current = L.layerGroup().addTo(instance);
    instance.on('click', (e: L.LeafletMouseEvent) => click.current?.(e.latlng.lat, e.latlng.lng));
    map.current = instance;
    const resize = window.setTimeout(() => instance.invalidateSize(), 250);
    return () => {
      window.clearTimeout(resize);
      instance.remove();
      map.current = null;
      layer.current = null;
    };
  }, [holder, click, optionsKey]);

  return { map, layer };
}
