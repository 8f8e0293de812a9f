import {
  AV_SIGNAL_PATH,
  type AvClientMessage,
  type AvRoomState,
  type AvServerMessage,
  type AvView,
  avServerMessageSchema,
  avSigningRoutes,
} from "@signet/contract";
import { useCallback, useEffect, useRef, useState } from "react";
import { call } from "../../api/client.ts";
import { AvRecorder } from "./av-recorder.ts";

export interface AvPeerView {
  id: string;
  name: string;
  stream: MediaStream | null;
  connection: RTCPeerConnectionState;
}

interface Peer {
  name: string;
  pc: RTCPeerConnection;
  stream: MediaStream | null;
  /** ICE candidates that arrived before the remote description */
  pending: RTCIceCandidateInit[];
}

const POLL_MS = 3_000;

/**
 * The participant's side of a live A/V session: the state from the API (polled), the signalling
 * WebSocket, one RTCPeerConnection per other participant (a full mesh: sessions are a handful of
 * people), the shared view and, for the host, the recording.
 */
export function useAvSession(options: { onAnnounce: (text: { joined?: string; left?: string }) => void }) {
  const [state, setState] = useState<AvRoomState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [joined, setJoined] = useState(false);
  const [local, setLocal] = useState<MediaStream | null>(null);
  const [mediaFailed, setMediaFailed] = useState(false);
  const [peers, setPeers] = useState<AvPeerView[]>([]);
  const [view, setViewState] = useState<AvView | null>(null);
  const [over, setOver] = useState<"ENDED" | "COMPLETED" | null>(null);
  const [saved, setSaved] = useState(0);
  const socketRef = useRef<WebSocket | null>(null);
  const peersRef = useRef(new Map<string, Peer>());
  const localRef = useRef<MediaStream | null>(null);
  const recorderRef = useRef<AvRecorder | null>(null);
  const videosRef = useRef<() => HTMLVideoElement[]>(() => []);
  const announce = useRef(options.onAnnounce);
  announce.current = options.onAnnounce;
  const stateRef = useRef(state);
  stateRef.current = state;

  const refresh = useCallback(async () => {
    try {
      const next = await call(avSigningRoutes.getAvRoom);
      setState(next);
      setError(null);
      return next;
    } catch (failure) {
      setError(failure);
      return null;
    }
  }, []);

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [refresh]);

  const publish = useCallback(() => {
    setPeers(
      [...peersRef.current.entries()].map(([id, peer]) => ({
        id,
        name: peer.name,
        stream: peer.stream,
        connection: peer.pc.connectionState,
      })),
    );
  }, []);

  const signal = useCallback((message: AvClientMessage) => {
    const socket = socketRef.current;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  }, []);

  const dropPeer = useCallback(
    (id: string) => {
      peersRef.current.get(id)?.pc.close();
      peersRef.current.delete(id);
      publish();
    },
    [publish],
  );

  const peerFor = useCallback(
    (id: string, name: string): Peer => {
      const existing = peersRef.current.get(id);
      if (existing) return existing;
      const pc = new RTCPeerConnection({ iceServers: stateRef.current?.iceServers ?? [] });
      const peer: Peer = { name, pc, stream: null, pending: [] };
      for (const track of localRef.current?.getTracks() ?? []) pc.addTrack(track, localRef.current!);
      // a receive-only participant (no camera) still receives the others
      if (!localRef.current) {
        pc.addTransceiver("audio", { direction: "recvonly" });
        pc.addTransceiver("video", { direction: "recvonly" });
      }
      pc.onicecandidate = (event) => {
        if (event.candidate) signal({ type: "ice", to: id, candidate: event.candidate.toJSON() as never });
      };
      pc.ontrack = (event) => {
        peer.stream = event.streams[0] ?? new MediaStream([event.track]);
        recorderRef.current?.addAudio(id, peer.stream);
        publish();
      };
      pc.onconnectionstatechange = () => publish();
      peersRef.current.set(id, peer);
      publish();
      return peer;
    },
    [publish, signal],
  );

  const onMessage = useCallback(
    async (message: AvServerMessage) => {
      switch (message.type) {
        case "welcome": {
          setViewState(message.view);
          // the newcomer calls everyone already there; they answer (no two offers cross)
          for (const present of message.present) {
            dropPeer(present.id);
            const peer = peerFor(present.id, present.name);
            const offer = await peer.pc.createOffer();
            await peer.pc.setLocalDescription(offer);
            signal({ type: "offer", to: present.id, description: { type: "offer", sdp: offer.sdp ?? "" } });
          }
          return;
        }
        case "joined":
          announce.current({ joined: message.peer.name });
          void refresh();
          return;
        case "left":
          announce.current({ left: message.peer.name });
          dropPeer(message.peer.id);
          void refresh();
          return;
        case "offer": {
          // a participant who reconnected calls again: start over with them
          dropPeer(message.from);
          const name = stateRef.current?.participants.find((p) => p.id === message.from)?.name ?? "";
          const peer = peerFor(message.from, name);
          await peer.pc.setRemoteDescription(message.description);
          for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate);
          const answer = await peer.pc.createAnswer();
          await peer.pc.setLocalDescription(answer);
          signal({ type: "answer", to: message.from, description: { type: "answer", sdp: answer.sdp ?? "" } });
          return;
        }
        case "answer": {
          const peer = peersRef.current.get(message.from);
          if (!peer) return;
          await peer.pc.setRemoteDescription(message.description);
          for (const candidate of peer.pending.splice(0)) await peer.pc.addIceCandidate(candidate);
          return;
        }
        case "ice": {
          const peer = peersRef.current.get(message.from);
          if (!peer) return;
          if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(message.candidate);
          else peer.pending.push(message.candidate);
          return;
        }
        case "view":
          setViewState(message.view);
          return;
        case "session":
          setOver(message.status === "LIVE" ? null : message.status);
          return;
        default:
          return;
      }
    },
    [dropPeer, peerFor, refresh, signal],
  );

  const hangUp = useCallback(() => {
    socketRef.current?.close();
    socketRef.current = null;
    for (const id of [...peersRef.current.keys()]) dropPeer(id);
    for (const track of localRef.current?.getTracks() ?? []) track.stop();
    localRef.current = null;
    setLocal(null);
    setJoined(false);
  }, [dropPeer]);

  const join = useCallback(async () => {
    if (socketRef.current) return;
    try {
      localRef.current = await navigator.mediaDevices.getUserMedia({ audio: true, video: { width: 640, height: 360 } });
      setLocal(localRef.current);
      setMediaFailed(false);
    } catch {
      localRef.current = null;
      setMediaFailed(true);
    }
    const url = new URL(AV_SIGNAL_PATH, window.location.href);
    url.protocol = url.protocol === "https:" ? "wss:" : "ws:";
    const socket = new WebSocket(url);
    socketRef.current = socket;
    socket.onmessage = (event) => {
      const parsed = avServerMessageSchema.safeParse(JSON.parse(String(event.data)));
      if (parsed.success) void onMessage(parsed.data).catch(() => undefined);
    };
    socket.onclose = (event) => {
      if (socketRef.current !== socket) return;
      socketRef.current = null;
      for (const id of [...peersRef.current.keys()]) dropPeer(id);
      setJoined(false);
      // 4001: this participant connected again elsewhere; 4002: the session is over
      if (event.code === 4002) void refresh();
    };
    setJoined(true);
    setOver(null);
  }, [dropPeer, onMessage, refresh]);

  useEffect(() => () => hangUp(), [hangUp]);

  // the host records from the moment they are in the call
  const isHost = state?.isHost ?? false;
  useEffect(() => {
    if (!isHost || !joined || recorderRef.current || !AvRecorder.supported()) return;
    const recorder = new AvRecorder(
      () => videosRef.current(),
      setSaved,
      stateRef.current?.session?.recordedChunks ?? 0,
    );
    recorderRef.current = recorder;
    if (localRef.current) recorder.addAudio("self", localRef.current);
    for (const [id, peer] of peersRef.current) if (peer.stream) recorder.addAudio(id, peer.stream);
  }, [isHost, joined]);

  const start = useCallback(async () => {
    const next = await call(avSigningRoutes.startAvSession);
    setState(next);
    setViewState(next.session?.view ?? null);
    await join();
  }, [join]);

  const setView = useCallback(
    (next: AvView) => {
      setViewState(next);
      signal({ type: "view", view: next });
    },
    [signal],
  );

  /** Stops the host's recorder once every slice is saved; answers how many slices there are. */
  const stopRecording = useCallback(async (): Promise<number> => {
    const recorder = recorderRef.current;
    recorderRef.current = null;
    await recorder?.stop();
    return recorder?.saved ?? 0;
  }, []);

  const complete = useCallback(async () => {
    const slices = await stopRecording();
    try {
      const next = await call(avSigningRoutes.completeAvSession);
      setState(next);
      setOver("COMPLETED");
      hangUp();
    } catch (failure) {
      // refused: the call goes on, and so does the recording, after the slices already saved
      if (joined && AvRecorder.supported()) {
        recorderRef.current = new AvRecorder(() => videosRef.current(), setSaved, slices);
        if (localRef.current) recorderRef.current.addAudio("self", localRef.current);
      }
      throw failure;
    }
  }, [hangUp, joined, stopRecording]);

  const end = useCallback(async () => {
    await stopRecording();
    const next = await call(avSigningRoutes.endAvSession);
    setState(next);
    setOver("ENDED");
    hangUp();
  }, [hangUp, stopRecording]);

  return {
    state,
    error,
    joined,
    local,
    mediaFailed,
    peers,
    view,
    over,
    saved,
    recordingSupported: AvRecorder.supported(),
    refresh,
    join,
    start,
    setView,
    complete,
    end,
    leave: hangUp,
    /** the tiles' video elements, drawn into the host's recording */
    setVideoSource(source: () => HTMLVideoElement[]) {
      videosRef.current = source;
    },
  };
}
