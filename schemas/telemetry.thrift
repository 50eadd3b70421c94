// The telemetry dataset (sensor messages over MQTT) for Apache Thrift,
// binary and compact protocols. Root struct: SensorReading.
//
// An encoding is one bare SensorReading struct (no message envelope); the
// workload is 10 000 of them, each encoded on its own. Every field is
// written; a double is its 8 IEEE 754 bytes, so NaN payloads, infinities
// and -0.0 survive. 104 bytes a message in the binary protocol, 83 in the
// compact one, for an 8-character id.

namespace py serbench.telemetry

struct SensorReading {
  1: required string sensor_id,
  2: required double ambient_temperature,
  3: required double object_temperature,
  4: required double accelerometer_x,
  5: required double accelerometer_y,
  6: required double accelerometer_z,
  7: required double altitude,
  8: required double light,
  9: required double humidity,
}
