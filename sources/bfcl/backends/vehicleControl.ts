/** VehicleControlAPI (func doc: vehicle_control.json) — BFCL's car control backend. */
import { type Backend, dict, method, type MethodTable, scenarioGet } from "./common.js";
import { PyRandom, seedOf } from "./pyRandom.js";
import { pyStr } from "./pythonFormat.js";
import {
  dictSelf,
  f,
  pyAdd,
  pyCmp,
  PyDict,
  pyEq,
  pyFloatOf,
  pyIter,
  pyMod,
  pyMul,
  pySub,
  pyTrueDiv,
  toPlain,
  truthy,
  type PyValue,
} from "./pyRuntime.js";

const MAX_FUEL_LEVEL = 50;
const MIN_FUEL_LEVEL = f(0.0);
const MILE_PER_GALLON = f(20.0);

/** Known zipcode pairs (symmetric) and their distance in km. */
const DISTANCES: [string, string, number][] = [
  ["83214", "74532", 750.0],
  ["56108", "62947", 320.0],
  ["71354", "83462", 450.0],
  ["47329", "52013", 290.0],
  ["69238", "51479", 630.0],
  ["94016", "83214", 980.0],
  ["94016", "94704", 600.0],
  ["94704", "08540", 2550.0],
  ["94016", "08540", 1950.0],
  ["62947", "47329", 1053.0],
  ["94016", "62947", 780.0],
  ["74532", "94016", 880.0],
];

const ZIPCODES: Record<string, string> = {
  Rivermist: "83214",
  Stonebrook: "74532",
  Maplecrest: "56108",
  Silverpine: "62947",
  Shadowridge: "71354",
  "Sunset Valley": "83462",
  Oakendale: "47329",
  Willowbend: "52013",
  "Crescent Hollow": "69238",
  Autumnville: "51479",
  "San Francisco": "94016",
};

export class VehicleControlAPI implements Backend {
  readonly className = "VehicleControlAPI";
  private random: PyRandom;
  private fuelLevel: PyValue;
  private batteryVoltage: PyValue;
  private engineState: PyValue;
  private remainingUnlockedDoors: PyValue;
  private doorStatus: PyValue;
  private acTemperature: PyValue;
  private fanSpeed: PyValue;
  private acMode: PyValue;
  private humidityLevel: PyValue;
  private headLightStatus: PyValue;
  private parkingBrakeStatus: PyValue;
  private parkingBrakeForce: PyValue;
  private slopeAngle: PyValue;
  private brakePedalStatus: PyValue;
  private brakePedalForce: PyValue;
  private distanceToNextVehicle: PyValue;
  private cruiseStatus: PyValue;
  private destination: PyValue;
  private frontLeftTirePressure: PyValue;
  private frontRightTirePressure: PyValue;
  private rearLeftTirePressure: PyValue;
  private rearRightTirePressure: PyValue;

  constructor(scenario: PyDict) {
    const get = (k: string, d: PyValue) => scenarioGet(scenario, k, d);
    const seed = get("random_seed", 141053);
    this.random = new PyRandom(seedOf(seed, 141053));
    this.fuelLevel = get("fuelLevel", f(0.0));
    this.batteryVoltage = get("batteryVoltage", f(12.6));
    this.engineState = get("engineState", "stopped");
    this.remainingUnlockedDoors = get("remainingUnlockedDoors", 4);
    this.doorStatus = get(
      "doorStatus",
      dict({ driver: "unlocked", passenger: "unlocked", rear_left: "unlocked", rear_right: "unlocked" }),
    );
    const doors = dictSelf(this.doorStatus, "keys");
    this.remainingUnlockedDoors = 4 - doors.keys().filter((d) => pyEq(doors.getItem(d), "locked")).length;
    this.acTemperature = get("acTemperature", f(25.0));
    this.fanSpeed = get("fanSpeed", 50);
    this.acMode = get("acMode", "auto");
    this.humidityLevel = get("humidityLevel", f(50.0));
    this.headLightStatus = get("headLightStatus", "off");
    this.parkingBrakeStatus = get("parkingBrakeStatus", "released");
    this.parkingBrakeForce = get("parkingBrakeForce", f(0.0));
    this.slopeAngle = get("slopeAngle", f(0.0));
    this.brakePedalStatus = get("brakePedalStatus", "released");
    this.brakePedalForce = get("brakePedalForce", f(0.0));
    this.distanceToNextVehicle = get("distanceToNextVehicle", f(50.0));
    this.cruiseStatus = get("cruiseStatus", "inactive");
    this.destination = get("destination", "None");
    this.frontLeftTirePressure = get("frontLeftTirePressure", f(32.0));
    this.frontRightTirePressure = get("frontRightTirePressure", f(32.0));
    this.rearLeftTirePressure = get("rearLeftTirePressure", f(30.0));
    this.rearRightTirePressure = get("rearRightTirePressure", f(30.0));
  }

  startEngine(ignitionMode: PyValue): PyValue {
    if (pyEq(ignitionMode, "STOP")) this.engineState = "stopped";
    if (pyCmp(this.remainingUnlockedDoors, ">", 0)) {
      const doors = dictSelf(this.doorStatus, "items");
      const unlocked = doors.entries().filter(([, s]) => pyEq(s, "unlocked")).map(([d]) => pyStr(d));
      return dict({
        error: "All doors must be locked before starting the engine. Here are the unlocked doors: " + unlocked.join(", "),
      });
    }
    if (!pyEq(this.brakePedalStatus, "pressed")) {
      return dict({ error: "Brake pedal needs to be pressed when starting the engine." });
    }
    if (!pyEq(this.brakePedalForce, f(1000.0))) {
      return dict({ error: "Must press the brake fully before starting the engine." });
    }
    if (pyCmp(this.fuelLevel, "<", MIN_FUEL_LEVEL)) return dict({ error: "Fuel tank is empty." });
    if (pyEq(ignitionMode, "START")) this.engineState = "running";
    else return dict({ error: "Invalid ignition mode." });
    return dict({ engineState: this.engineState, fuelLevel: this.fuelLevel, batteryVoltage: this.batteryVoltage });
  }

  fillFuelTank(fuelAmount: PyValue): PyValue {
    if (pyCmp(fuelAmount, "<", 0)) return dict({ error: "Fuel amount cannot be negative." });
    if (pyCmp(pyAdd(this.fuelLevel, fuelAmount), ">", MAX_FUEL_LEVEL)) {
      return dict({ error: "Cannot fill gas above the tank capacity." });
    }
    if (pyCmp(pyAdd(this.fuelLevel, fuelAmount), "<", MIN_FUEL_LEVEL)) {
      return dict({ error: "Fuel tank is empty. Min fuel level is 0 gallons." });
    }
    this.fuelLevel = pyAdd(this.fuelLevel, fuelAmount, "+=");
    return dict({ fuelLevel: this.fuelLevel });
  }

  lockDoors(unlock: PyValue, door: PyValue): PyValue {
    const status = dictSelf(this.doorStatus, "__getitem__");
    if (truthy(unlock)) {
      for (const d of pyIter(door)) {
        if (pyEq(status.getItem(d), "unlocked")) continue;
        status.set(d, "unlocked");
        this.remainingUnlockedDoors = pyAdd(this.remainingUnlockedDoors, 1, "+=");
      }
      return dict({ lockStatus: "unlocked", remainingUnlockedDoors: this.remainingUnlockedDoors });
    }
    for (const d of pyIter(door)) {
      if (pyEq(status.getItem(d), "locked")) continue;
      status.set(d, "locked");
      this.remainingUnlockedDoors = pySub(this.remainingUnlockedDoors, 1, "-=");
    }
    return dict({ lockStatus: "locked", remainingUnlockedDoors: this.remainingUnlockedDoors });
  }

  adjustClimateControl(temperature: PyValue, unit: PyValue, fanSpeed: PyValue, mode: PyValue): PyValue {
    if (!(pyCmp(0, "<=", fanSpeed) && pyCmp(fanSpeed, "<=", 100))) {
      return dict({ error: "Fan speed must be between 0 and 100." });
    }
    this.acTemperature = temperature;
    if (pyEq(unit, "fahrenheit")) this.acTemperature = pyTrueDiv(pyMul(pySub(temperature, 32), 5), 9);
    this.fanSpeed = fanSpeed;
    this.acMode = mode;
    return dict({ currentACTemperature: temperature, climateMode: mode, humidityLevel: this.humidityLevel });
  }

  getOutsideTemperatureFromGoogle(): PyValue {
    return dict({ outsideTemperature: f(this.random.uniform(-10.0, 40.0)) });
  }

  getOutsideTemperatureFromWeatherCom(): PyValue {
    return dict({ error: 404 });
  }

  setHeadlights(mode: PyValue): PyValue {
    if (!["on", "off", "auto"].some((m) => pyEq(m, mode))) return dict({ error: "Invalid headlight mode." });
    if (pyEq(mode, "on")) {
      this.headLightStatus = "on";
      return dict({ headlightStatus: "on" });
    }
    this.headLightStatus = "off";
    return dict({ headlightStatus: "off" });
  }

  displayCarStatus(option: PyValue): PyValue {
    const status = new PyDict();
    if (pyEq(option, "fuel")) status.set("fuelLevel", this.fuelLevel);
    else if (pyEq(option, "battery")) status.set("batteryVoltage", this.batteryVoltage);
    else if (pyEq(option, "doors")) status.set("doorStatus", this.doorStatus);
    else if (pyEq(option, "climate")) {
      status.set("currentACTemperature", this.acTemperature);
      status.set("fanSpeed", this.fanSpeed);
      status.set("climateMode", this.acMode);
      status.set("humidityLevel", this.humidityLevel);
    } else if (pyEq(option, "headlights")) status.set("headlightStatus", this.headLightStatus);
    else if (pyEq(option, "parkingBrake")) {
      status.set("parkingBrakeStatus", this.parkingBrakeStatus);
      status.set("parkingBrakeForce", this.parkingBrakeForce);
      status.set("slopeAngle", this.slopeAngle);
    } else if (pyEq(option, "brakePedal")) {
      status.set("brakePedalStatus", this.brakePedalStatus);
      status.set("brakePedalForce", this.brakePedalForce);
    } else if (pyEq(option, "engine")) status.set("engineState", this.engineState);
    else status.set("error", "Invalid option");
    return status;
  }

  activateParkingBrake(mode: PyValue): PyValue {
    if (!["engage", "release"].some((m) => pyEq(m, mode))) return dict({ error: "Invalid mode" });
    if (pyEq(mode, "engage")) {
      this.parkingBrakeStatus = "engaged";
      this.parkingBrakeForce = f(500.0);
      this.slopeAngle = f(10.0);
      return dict({ parkingBrakeStatus: "engaged", _parkingBrakeForce: f(500.0), _slopeAngle: f(10.0) });
    }
    this.parkingBrakeStatus = "released";
    this.parkingBrakeForce = f(0.0);
    this.slopeAngle = f(10.0);
    return dict({ parkingBrakeStatus: "released", _parkingBrakeForce: f(0.0), _slopeAngle: f(10.0) });
  }

  pressBrakePedal(pedalPosition: PyValue): PyValue {
    if (!(pyCmp(0, "<=", pedalPosition) && pyCmp(pedalPosition, "<=", 1))) {
      return dict({ error: "Pedal position must be between 0 and 1." });
    }
    if (pyEq(pedalPosition, 0)) {
      this.brakePedalStatus = "released";
      this.brakePedalForce = f(0.0);
      return dict({ brakePedalStatus: "released", brakePedalForce: f(0.0) });
    }
    const force = pyMul(pedalPosition, 1000);
    this.brakePedalStatus = "pressed";
    this.brakePedalForce = force;
    return dict({ brakePedalStatus: "pressed", brakePedalForce: pyFloatOf(force) });
  }

  releaseBrakePedal(): PyValue {
    this.brakePedalStatus = "released";
    this.brakePedalForce = f(0.0);
    return dict({ brakePedalStatus: "released", brakePedalForce: f(0.0) });
  }

  setCruiseControl(speedArg: PyValue, activate: PyValue, distanceArg: PyValue): PyValue {
    // BFCL converts both with float() before anything else, so "60" works and "fast" raises even with the engine off.
    const distanceToNextVehicle = pyFloatOf(distanceArg);
    const speed = pyFloatOf(speedArg);
    if (pyEq(this.engineState, "stopped")) {
      return dict({ error: "Start the engine before activating the cruise control." });
    }
    if (truthy(activate)) {
      this.distanceToNextVehicle = distanceToNextVehicle;
      if (pyCmp(speed, "<", 0) || pyCmp(speed, ">", 120) || !pyEq(pyMod(speed, 5), 0)) {
        return dict({ error: "Invalid speed" });
      }
      this.cruiseStatus = "active";
      return dict({ cruiseStatus: "active", currentSpeed: speed, distanceToNextVehicle });
    }
    this.cruiseStatus = "inactive";
    this.distanceToNextVehicle = distanceToNextVehicle;
    return dict({ cruiseStatus: "inactive", currentSpeed: speed, distanceToNextVehicle });
  }

  getCurrentSpeed(): PyValue {
    return dict({ currentSpeed: f(this.random.uniform(0.0, 120.0)) });
  }

  displayLog(messages: PyValue): PyValue {
    return dict({ log: messages });
  }

  estimateDriveFeasibilityByMileage(distance: PyValue): PyValue {
    if (pyCmp(pyMul(this.fuelLevel, MILE_PER_GALLON), "<", distance)) return dict({ canDrive: false });
    return dict({ canDrive: true });
  }

  literToGallon(liter: PyValue): PyValue {
    return dict({ gallon: pyMul(liter, f(0.264172)) });
  }

  gallonToLiter(gallon: PyValue): PyValue {
    return dict({ liter: pyMul(gallon, f(3.78541)) });
  }

  estimateDistance(cityA: PyValue, cityB: PyValue): PyValue {
    for (const [a, b, km] of DISTANCES) {
      if ((pyEq(cityA, a) && pyEq(cityB, b)) || (pyEq(cityA, b) && pyEq(cityB, a))) {
        return dict({ distance: f(km) });
      }
    }
    return dict({ error: "distance not found in database." });
  }

  getZipcodeBasedOnCity(city: PyValue): PyValue {
    const zip = typeof city === "string" && Object.hasOwn(ZIPCODES, city) ? ZIPCODES[city] : "00000";
    return dict({ zipcode: zip });
  }

  setNavigation(destination: PyValue): PyValue {
    this.destination = destination;
    return dict({ status: pyAdd("Navigating to ", destination) });
  }

  checkTirePressure(): PyValue {
    const total = pyAdd(
      pyAdd(pyAdd(this.frontLeftTirePressure, this.frontRightTirePressure), this.rearLeftTirePressure),
      this.rearRightTirePressure,
    );
    const avg = pyTrueDiv(total, 4);
    const healthy = pyCmp(30, "<=", avg) && pyCmp(avg, "<=", 35);
    return dict({
      frontLeftTirePressure: this.frontLeftTirePressure,
      frontRightTirePressure: this.frontRightTirePressure,
      rearLeftTirePressure: this.rearLeftTirePressure,
      rearRightTirePressure: this.rearRightTirePressure,
      healthy_tire_pressure: healthy,
      car_info: new PyDict(),
    });
  }

  findNearestTireShop(): PyValue {
    return dict({ shopLocation: "456 Oakwood Avenue, Rivermist, 83214" });
  }

  readonly methods: MethodTable = {
    activateParkingBrake: method(["mode"], (a) => this.activateParkingBrake(a)),
    adjustClimateControl: method(
      ["temperature", ["unit", "celsius"], ["fanSpeed", 50], ["mode", "auto"]],
      (a, b, c, d) => this.adjustClimateControl(a, b, c, d),
    ),
    check_tire_pressure: method([], () => this.checkTirePressure()),
    displayCarStatus: method(["option"], (a) => this.displayCarStatus(a)),
    display_log: method(["messages"], (a) => this.displayLog(a)),
    estimate_distance: method(["cityA", "cityB"], (a, b) => this.estimateDistance(a, b)),
    estimate_drive_feasibility_by_mileage: method(["distance"], (a) => this.estimateDriveFeasibilityByMileage(a)),
    fillFuelTank: method(["fuelAmount"], (a) => this.fillFuelTank(a)),
    find_nearest_tire_shop: method([], () => this.findNearestTireShop()),
    gallon_to_liter: method(["gallon"], (a) => this.gallonToLiter(a)),
    get_current_speed: method([], () => this.getCurrentSpeed()),
    get_outside_temperature_from_google: method([], () => this.getOutsideTemperatureFromGoogle()),
    get_outside_temperature_from_weather_com: method([], () => this.getOutsideTemperatureFromWeatherCom()),
    get_zipcode_based_on_city: method(["city"], (a) => this.getZipcodeBasedOnCity(a)),
    liter_to_gallon: method(["liter"], (a) => this.literToGallon(a)),
    lockDoors: method(["unlock", "door"], (a, b) => this.lockDoors(a, b)),
    pressBrakePedal: method(["pedalPosition"], (a) => this.pressBrakePedal(a)),
    releaseBrakePedal: method([], () => this.releaseBrakePedal()),
    setCruiseControl: method(["speed", "activate", "distanceToNextVehicle"], (a, b, c) =>
      this.setCruiseControl(a, b, c),
    ),
    setHeadlights: method(["mode"], (a) => this.setHeadlights(a)),
    set_navigation: method(["destination"], (a) => this.setNavigation(a)),
    startEngine: method(["ignitionMode"], (a) => this.startEngine(a)),
  };

  snapshot(): unknown {
    return {
      fuelLevel: toPlain(this.fuelLevel),
      batteryVoltage: toPlain(this.batteryVoltage),
      engine_state: toPlain(this.engineState),
      remainingUnlockedDoors: toPlain(this.remainingUnlockedDoors),
      doorStatus: toPlain(this.doorStatus),
      acTemperature: toPlain(this.acTemperature),
      fanSpeed: toPlain(this.fanSpeed),
      acMode: toPlain(this.acMode),
      humidityLevel: toPlain(this.humidityLevel),
      headLightStatus: toPlain(this.headLightStatus),
      parkingBrakeStatus: toPlain(this.parkingBrakeStatus),
      parkingBrakeForce: toPlain(this.parkingBrakeForce),
      slopeAngle: toPlain(this.slopeAngle),
      brakePedalStatus: toPlain(this.brakePedalStatus),
      brakePedalForce: toPlain(this.brakePedalForce),
      distanceToNextVehicle: toPlain(this.distanceToNextVehicle),
      cruiseStatus: toPlain(this.cruiseStatus),
      destination: toPlain(this.destination),
      frontLeftTirePressure: toPlain(this.frontLeftTirePressure),
      frontRightTirePressure: toPlain(this.frontRightTirePressure),
      rearLeftTirePressure: toPlain(this.rearLeftTirePressure),
      rearRightTirePressure: toPlain(this.rearRightTirePressure),
    };
  }
}

