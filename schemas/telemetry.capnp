# The telemetry dataset (one sensor message) for Cap'n Proto.
#
# Read a dump with the official tool:
#   capnp decode schemas/telemetry.capnp SensorReading < telemetry.capnp
#
# Each Float64 is stored as its IEEE 754 bits (defaults are 0, so nothing is
# XORed in): NaN payloads, infinities and -0.0 survive a round trip.

@0xd8db60427387cf4f;

struct SensorReading {
  sensorId @0 :Text;
  ambientTemperature @1 :Float64;
  # Degrees Celsius.
  objectTemperature @2 :Float64;
  # Degrees Celsius, from the infrared thermometer.
  accelerometerX @3 :Float64;
  # g.
  accelerometerY @4 :Float64;
  # g.
  accelerometerZ @5 :Float64;
  # g.
  altitude @6 :Float64;
  # Metres above sea level.
  light @7 :Float64;
  # Lux.
  humidity @8 :Float64;
  # Relative humidity, percent.
}
