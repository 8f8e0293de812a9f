import { AV_CHUNK_PATH } from "@signet/contract";
import { writeHeaders } from "../../api/request.ts";

const SLICE_MS = 3_000;
const WIDTH = 640;
const HEIGHT = 360;

/**
 * The host's recording (issue 16 §2): every participant's video drawn side by side on a canvas and
 * every audio track mixed in an AudioContext, recorded as WebM by MediaRecorder in slices that are
 * uploaded one after the other, in order, each retried until the server has it (idempotent by index).
 */
export class AvRecorder {
  private readonly canvas = document.createElement("canvas");
  private readonly audio: AudioContext;
  private readonly mix: MediaStreamAudioDestinationNode;
  private readonly sources = new Map<string, MediaStreamAudioSourceNode>();
  private readonly recorder: MediaRecorder;
  private readonly draw: ReturnType<typeof setInterval>;
  private readonly startedAt = Date.now();
  private index: number;
  private queue: Promise<void> = Promise.resolve();
  private stopped: Promise<void> | null = null;
  saved = 0;

  static supported(): boolean {
    return typeof MediaRecorder !== "undefined" && typeof AudioContext !== "undefined";
  }

  constructor(
    private readonly videos: () => HTMLVideoElement[],
    private readonly onSaved: (count: number) => void,
    /** a recording that went on after a refused completion continues after the slices already saved */
    firstIndex = 0,
  ) {
    this.index = firstIndex;
    this.saved = firstIndex;
    this.canvas.width = WIDTH;
    this.canvas.height = HEIGHT;
    this.audio = new AudioContext();
    void this.audio.resume().catch(() => undefined);
    this.mix = this.audio.createMediaStreamDestination();
    const context = this.canvas.getContext("2d")!;
    // an interval, not requestAnimationFrame: a host who switches tabs must keep recording
    this.draw = setInterval(() => this.paint(context), 100);
    const stream = new MediaStream([
      ...this.canvas.captureStream(10).getVideoTracks(),
      ...this.mix.stream.getAudioTracks(),
    ]);
    const mimeType = ["video/webm;codecs=vp8,opus", "video/webm"].find((type) => MediaRecorder.isTypeSupported(type));
    this.recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
    this.recorder.ondataavailable = (event) => {
      if (event.data.size > 0) this.enqueue(event.data);
    };
    this.recorder.start(SLICE_MS);
  }

  /** Mixes a participant's audio into the recording (again for a new stream of the same participant). */
  addAudio(id: string, stream: MediaStream): void {
    if (stream.getAudioTracks().length === 0) return;
    this.sources.get(id)?.disconnect();
    const source = this.audio.createMediaStreamSource(stream);
    source.connect(this.mix);
    this.sources.set(id, source);
  }

  /** Stops recording and resolves once every slice is on the server. */
  stop(): Promise<void> {
    if (this.stopped) return this.stopped;
    this.stopped = new Promise<void>((resolve) => {
      this.recorder.addEventListener("stop", () => resolve(), { once: true });
      if (this.recorder.state === "inactive") resolve();
      else this.recorder.stop();
    }).then(async () => {
      clearInterval(this.draw);
      await this.queue;
      await this.audio.close().catch(() => undefined);
    });
    return this.stopped;
  }

  private paint(context: CanvasRenderingContext2D) {
    context.fillStyle = "#111";
    context.fillRect(0, 0, WIDTH, HEIGHT);
    const videos = this.videos().filter((video) => video.readyState >= 2);
    if (videos.length === 0) return;
    const columns = Math.ceil(Math.sqrt(videos.length));
    const rows = Math.ceil(videos.length / columns);
    const width = WIDTH / columns;
    const height = HEIGHT / rows;
    videos.forEach((video, position) => {
      const x = (position % columns) * width;
      const y = Math.floor(position / columns) * height;
      context.drawImage(video, x, y, width, height);
    });
  }

  private enqueue(blob: Blob) {
    const index = this.index++;
    const elapsedMs = Date.now() - this.startedAt;
    this.queue = this.queue.then(() => this.upload(index, blob, elapsedMs));
  }

  private async upload(index: number, blob: Blob, elapsedMs: number): Promise<void> {
    const url = `${AV_CHUNK_PATH.replace(":index", String(index))}?elapsedMs=${elapsedMs}`;
    for (let attempt = 0; attempt < 6; attempt++) {
      try {
        const response = await fetch(url, {
          method: "PUT",
          headers: { "content-type": "application/octet-stream", ...writeHeaders("PUT") },
          body: blob,
          credentials: "same-origin",
        });
        // 4xx other than a lost session will not improve by retrying
        if (response.ok || (response.status >= 400 && response.status < 500)) break;
      } catch {
        // the network blinked: try again
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
    this.saved += 1;
    this.onSaved(this.saved);
  }
}
