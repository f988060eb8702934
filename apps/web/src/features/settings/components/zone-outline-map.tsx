import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useLeafletMap } from '@/features/settings/components/use-leaflet-map';
import { useLatest } from '@/features/settings/settings-hooks';
import { SETTINGS_TEXT as T } from '@/features/settings/settings-text';
import type { OutlineVertex } from '@/features/settings/zone-form-values';

const COLOR = '#1677ff';
const NO_DOUBLE_CLICK_ZOOM = { doubleClickZoom: false };

/** A vertex drawn with CSS (no image files, shown without tiles too), numbered as its line. */
const vertexIcon = (n: number) =>
  L.divIcon({
    className: '',
    html: `<div data-testid="zone-vertex" title="${T.zoneVertex(n)}" style="width:12px;height:12px;border-radius:2px;background:#fff;border:2px solid ${COLOR};box-shadow:0 0 2px rgba(0,0,0,.5);cursor:move"></div>`,
    iconSize: [16, 16],
    iconAnchor: [8, 8],
  });

/**
 * A delivery zone's outline on a Leaflet map (centre Moscow until the zone has points): a click adds a point at the
 * end, a vertex is dragged to move its point. The tiles need the network; without it the outline stands on the plain
 * background. The map brings the points into view when they are not, and otherwise stays where the partner moved it.
 */
export function ZoneOutlineMap({
  vertices,
  onAdd,
  onMove,
  height = 300,
  testId,
}: {
  vertices: OutlineVertex[];
  onAdd: (lat: number, lng: number) => void;
  onMove: (line: number, lat: number, lng: number) => void;
  height?: number;
  testId: string;
}) {
  const holder = useRef<HTMLDivElement>(null);
  // A click adds a point: a double click is two points, not a zoom.
  const { map, layer } = useLeafletMap(holder, onAdd, NO_DOUBLE_CLICK_ZOOM);
  const fitted = useRef(false);
  const move = useLatest(onMove);
  // A new map (the modal opened again) brings the points into view again.
  useEffect(
    () => () => {
      fitted.current = false;
    },
    [],
  );

  const key = JSON.stringify(vertices);
  useEffect(() => {
    const group = layer.current;
    const instance = map.current;
    if (!group || !instance) return;
    group.clearLayers();
    const shown = JSON.parse(key) as OutlineVertex[];
    const corners = shown.map((v) => [v.lat, v.lng] as [number, number]);
    if (corners.length >= 3) group.addLayer(L.polygon(corners, { color: COLOR, weight: 2, fillOpacity: 0.15, interactive: false }));
    else if (corners.length === 2) group.addLayer(L.polyline(corners, { color: COLOR, weight: 2, dashArray: '4 4', interactive: false }));
    shown.forEach((v, i) => {
      const marker = L.marker([v.lat, v.lng], { icon: vertexIcon(i + 1), draggable: true, title: T.zoneVertex(i + 1) });
      marker.on('dragend', () => move.current(v.line, marker.getLatLng().lat, marker.getLatLng().lng));
      group.addLayer(marker);
    });
    // Points typed out of view are brought into it; a click or a drag leaves the view where it is.
    if (corners.length && (!fitted.current || !instance.getBounds().contains(L.latLngBounds(corners)))) {
      fitted.current = true;
      if (corners.length === 1) instance.setView(corners[0], Math.max(instance.getZoom(), 12));
      else instance.fitBounds(L.latLngBounds(corners), { padding: [30, 30] });
    }
  }, [key, move, map, layer]);

  return <div ref={holder} role="region" aria-label={T.mapLabel} data-testid={testId} style={{ height, background: '#e9eef2', borderRadius: 6 }} />;
}
